#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" e3
printf '%s\n' 'BLOCK-EXIT3?' >&2
exit 3
