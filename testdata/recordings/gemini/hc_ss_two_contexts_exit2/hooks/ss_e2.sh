#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_e2
printf '%s\n' 'SS-E2-STDERR' >&2
exit 2
