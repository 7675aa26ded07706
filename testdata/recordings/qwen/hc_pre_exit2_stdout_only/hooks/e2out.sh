#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" e2out
printf '%s\n' 'STDOUT-ONLY-E2'
exit 2
