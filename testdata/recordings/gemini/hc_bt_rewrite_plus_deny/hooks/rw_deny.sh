#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_deny
cat <<'J'
{"decision": "deny", "reason": "RW-DENY", "hookSpecificOutput": {"tool_input": {"command": "echo NEVER | tee -a ran.log"}}}
J
exit 0
