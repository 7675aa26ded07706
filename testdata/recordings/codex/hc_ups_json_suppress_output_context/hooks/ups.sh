#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"suppressOutput": true, "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-SUPPRESSED"}}
J
exit 0
