#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_txt
printf '%s\n' 'STOP-PLAIN'
exit 0
