#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_b
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "CTX-UPS-B"}}
J
exit 0
