#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 0.6
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo REWRITTEN-A | tee -a ran.log"}}}
J
exit 0
