#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"continue": false, "stopReason": "UPS-STOP2", "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-STOPPED"}}
J
exit 0
