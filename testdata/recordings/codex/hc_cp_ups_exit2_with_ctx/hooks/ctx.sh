#!/bin/bash
. "$(dirname "$0")/_capture.sh" ctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-PAR"}}
J
exit 0
