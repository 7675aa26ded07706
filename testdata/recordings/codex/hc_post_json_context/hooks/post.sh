#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-CTX"}}
J
exit 0
