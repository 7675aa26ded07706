#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"cmd": "echo REWRITTEN-AUC | tee -a ran.log"}}}
J
exit 0
