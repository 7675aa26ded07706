#!/bin/bash
. "$(dirname "$0")/_capture.sh" l_ctx
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "FROM-LOCAL"}}
__JSON__
