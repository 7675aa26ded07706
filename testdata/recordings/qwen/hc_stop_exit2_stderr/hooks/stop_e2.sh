#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_e2
if hook_input_true stop_hook_active; then exit 0; fi
printf '%s\n' 'STOP-E2-STDERR' >&2
exit 2
