#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-CTX-TXT"}}
J
exit 0
