#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{"systemMessage": "SS-SYSMSG", "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX-SYS"}}
J
exit 0
