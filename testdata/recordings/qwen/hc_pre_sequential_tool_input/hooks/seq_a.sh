#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" seq_a
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "tool_input": {"command": "echo SEQ-REWRITE | tee -a ran.log"}}}
J
exit 0
