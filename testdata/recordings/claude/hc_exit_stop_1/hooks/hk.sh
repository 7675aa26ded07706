#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
if hook_input_true stop_hook_active; then exit 0; fi
echo 'STOP-E1' >&2
exit 1
