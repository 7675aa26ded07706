#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_ctx
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "STOP-CTX: please also summarise"}}
__JSON__
