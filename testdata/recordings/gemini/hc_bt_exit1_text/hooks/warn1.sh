#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" warn1
printf '%s\n' 'WARN-EXIT1'
exit 1
