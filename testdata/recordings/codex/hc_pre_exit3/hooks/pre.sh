#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'exit three' >&2
exit 3
