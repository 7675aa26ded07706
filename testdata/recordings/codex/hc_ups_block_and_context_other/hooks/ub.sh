#!/bin/bash
. "$(dirname "$0")/_capture.sh" ub
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-B"}}
J
exit 0
