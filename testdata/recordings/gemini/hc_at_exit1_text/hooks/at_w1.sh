#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" at_w1
printf '%s\n' 'AT-WARN-1'
exit 1
