#!/bin/bash
. "$(dirname "$0")/_capture.sh" u_ctx
sleep 0.6
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "FROM-USER"}}
__JSON__
