#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "line1\n\nline2\n"}}
J
exit 0
