#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_bogus
cat <<'J'
{"hookSpecificOutput": {"tool_input": {"command": "echo REWRITTEN-RB | tee -a ran.log", "bogus_key": 1}}}
J
exit 0
