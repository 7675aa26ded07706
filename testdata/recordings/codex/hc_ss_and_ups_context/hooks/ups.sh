#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX"}}
J
exit 0
