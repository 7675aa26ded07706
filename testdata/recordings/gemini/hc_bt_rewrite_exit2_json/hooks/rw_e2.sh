#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_e2
cat <<'J'
{"hookSpecificOutput": {"tool_input": {"command": "echo REWRITTEN-E2 | tee -a ran.log"}}}
J
exit 2
