#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_slow
sleep 0.6
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-SLOW-FIRST-CONFIGURED"}}
__JSON__
