#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_text
printf '%s\n' 'SS-PLAIN-CTX'
exit 0
