#!/bin/bash
. "$(dirname "$0")/_capture.sh" slow
sleep 3
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "SLOW-CTX"}}
J
exit 0
