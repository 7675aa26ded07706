#!/bin/bash
. "$(dirname "$0")/_capture.sh" user_stop
if hook_input_true stop_hook_active; then exit 0; fi
echo USER-REASON >&2
exit 2
