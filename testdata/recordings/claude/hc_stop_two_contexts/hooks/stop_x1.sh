#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_x1
if hook_input_true stop_hook_active; then exit 0; fi
sleep 0.4
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "CTX-A"}}
__JSON__
