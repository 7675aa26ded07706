#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_a
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "CTX-UPS-A"}}
J
exit 0
