#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" num
printf '%s\n' '42'
exit 2
