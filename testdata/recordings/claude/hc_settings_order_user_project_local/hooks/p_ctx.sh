#!/bin/bash
. "$(dirname "$0")/_capture.sh" p_ctx
sleep 0.3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "FROM-PROJECT"}}
__JSON__
