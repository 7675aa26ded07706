#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 0.4
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-A"}}
J
exit 0
