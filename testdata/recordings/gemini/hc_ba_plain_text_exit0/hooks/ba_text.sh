#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_text
printf '%s\n' 'BA-PLAIN'
exit 0
