#!/bin/bash
. "$(dirname "$0")/_capture.sh" arstop
if hook_input_true stop_hook_active; then exit 0; fi
sleep 0.3
echo 'REWAKE-STOP-STDERR' >&2
exit 2
