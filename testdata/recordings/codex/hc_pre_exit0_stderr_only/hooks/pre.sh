#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'just a note' >&2
exit 0
