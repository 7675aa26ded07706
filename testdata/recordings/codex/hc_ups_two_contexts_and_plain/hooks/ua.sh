#!/bin/bash
. "$(dirname "$0")/_capture.sh" ua
sleep 0.4
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-A"}}
J
exit 0
