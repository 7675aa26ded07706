#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX-E1"}}
__JSON__
exit 1
