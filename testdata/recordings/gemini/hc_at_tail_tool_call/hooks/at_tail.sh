#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" at_tail
if grep -q TAIL-CALL "$HOOK_STDIN_FILE"; then exit 0; fi
cat <<'J'
{"hookSpecificOutput": {"tailToolCallRequest": {"name": "run_shell_command", "args": {"command": "echo TAIL-CALL | tee -a tail.log"}}}}
J
exit 0
