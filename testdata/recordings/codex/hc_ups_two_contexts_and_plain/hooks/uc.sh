#!/bin/bash
. "$(dirname "$0")/_capture.sh" uc
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-C"}}
J
exit 0
