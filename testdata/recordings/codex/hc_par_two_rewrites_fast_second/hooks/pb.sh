#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo REWRITTEN-B | tee -a ran.log"}}}
J
exit 0
