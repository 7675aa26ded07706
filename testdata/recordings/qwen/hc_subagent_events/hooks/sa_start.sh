#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sa_start
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "SA-START-CTX"}}
J
exit 0
