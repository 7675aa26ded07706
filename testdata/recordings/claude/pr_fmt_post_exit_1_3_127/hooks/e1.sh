#!/bin/bash
. "$(dirname "$0")/_capture.sh" e1
echo 'formatter crashed' >&2
exit 1
