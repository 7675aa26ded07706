#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_desc
cat <<'J'
{"hookSpecificOutput": {"tool_input": {"command": "echo REWRITTEN-RD | tee -a ran.log", "description": "desc by hook"}}}
J
exit 0
