#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "  "}}
J
exit 0
