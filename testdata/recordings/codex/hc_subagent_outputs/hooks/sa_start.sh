#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_start
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "SUBAGENT-START-CTX"}}
J
exit 0
