#!/bin/bash
. "$(dirname "$0")/_capture.sh" cf
cat <<'__JSON__'
{"continue": false, "stopReason": "CF-STOPREASON", "systemMessage": "CF-SYSMSG", "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "CF-SS-CTX"}}
__JSON__
