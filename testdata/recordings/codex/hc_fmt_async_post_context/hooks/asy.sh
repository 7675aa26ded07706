#!/bin/bash
. "$(dirname "$0")/_capture.sh" asy
sleep 0.3
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ASYNC-CTX"}}
J
exit 0
