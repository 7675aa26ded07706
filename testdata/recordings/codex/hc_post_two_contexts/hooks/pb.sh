#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-B"}}
J
exit 0
