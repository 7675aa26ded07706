#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
echo SS-E2 >&2
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-E2-CTX"}}
J
exit 2
