#!/bin/bash
. "$(dirname "$0")/_capture.sh" b
sleep 0.3
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-B"}}
J
exit 0
