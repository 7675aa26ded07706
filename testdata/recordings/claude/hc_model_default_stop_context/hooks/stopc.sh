#!/bin/bash
. "$(dirname "$0")/_capture.sh" stopc
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "DM-STOP-CTX"}}
__JSON__
