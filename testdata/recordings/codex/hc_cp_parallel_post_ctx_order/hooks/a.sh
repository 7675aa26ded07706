#!/bin/bash
. "$(dirname "$0")/_capture.sh" a
sleep 0.6
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-A"}}
J
exit 0
