#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" at_text
printf '%s\n' 'AT-PLAIN-TEXT'
exit 0
