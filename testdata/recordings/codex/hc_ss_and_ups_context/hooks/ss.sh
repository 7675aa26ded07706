#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX"}}
J
exit 0
