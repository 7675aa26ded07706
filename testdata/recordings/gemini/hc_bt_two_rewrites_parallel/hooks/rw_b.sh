#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_b
cat <<'J'
{"hookSpecificOutput": {"tool_input": {"command": "echo REWRITTEN-B | tee -a ran.log"}}}
J
exit 0
