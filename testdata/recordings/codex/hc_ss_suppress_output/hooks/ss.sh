#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{"suppressOutput": true, "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX-SUP"}}
J
exit 0
