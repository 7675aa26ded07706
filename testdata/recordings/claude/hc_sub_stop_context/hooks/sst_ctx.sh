#!/bin/bash
. "$(dirname "$0")/_capture.sh" sst_ctx
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SubagentStop", "additionalContext": "SUBSTOP-CTX"}}
__JSON__
