#!/bin/bash
. "$(dirname "$0")/_capture.sh" ssb
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "SUBSTART-FAST"}}
__JSON__
