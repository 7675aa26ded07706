#!/bin/bash
. "$(dirname "$0")/_capture.sh" aups
sleep 0.3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "ASYNC-UPS-CTX"}}
__JSON__
