#!/bin/bash
. "$(dirname "$0")/_capture.sh" c
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-C"}}
J
exit 0
