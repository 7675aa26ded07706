#!/bin/bash
. "$(dirname "$0")/_capture.sh" json
sleep 0.3
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "Ticket: ABC-123"}}
J
exit 0
