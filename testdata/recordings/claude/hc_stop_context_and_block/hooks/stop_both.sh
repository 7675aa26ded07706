#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_both
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"decision": "block", "reason": "STOP-REASON-R", "hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "STOP-CTX-C"}}
__JSON__
