#!/bin/bash
. "$(dirname "$0")/_capture.sh" ssc
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "DM-SUBSTART-CTX"}}
__JSON__
