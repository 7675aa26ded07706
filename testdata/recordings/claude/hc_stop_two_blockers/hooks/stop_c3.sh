#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_c3
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "CTX-THREE"}}
__JSON__
