#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_a
sleep 0.3
cat <<'J'
{"hookSpecificOutput": {"tool_input": {"command": "echo REWRITTEN-A | tee -a ran.log", "description": "dA"}}}
J
exit 0
