#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{"continue": false, "stopReason": "SS-STOP2", "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX-STOPPED"}}
J
exit 0
