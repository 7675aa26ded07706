#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "E2-STOP-CTX"}}
__JSON__
exit 2
