#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ws
printf '  \n\n'
printf 'WS-STDERR-REASON\n' >&2
exit 2
