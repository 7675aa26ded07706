#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
if hook_input_true stop_hook_active; then exit 0; fi
echo STOP-STDERR >&2
exit 2
