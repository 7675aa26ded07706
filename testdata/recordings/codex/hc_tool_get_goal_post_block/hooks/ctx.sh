#!/bin/bash
. "$(dirname "$0")/_capture.sh" ctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "GOAL-CTX"}}
J
exit 0
