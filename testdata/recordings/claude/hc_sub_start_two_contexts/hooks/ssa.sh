#!/bin/bash
. "$(dirname "$0")/_capture.sh" ssa
sleep 0.4
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "SUBSTART-SLOW"}}
__JSON__
