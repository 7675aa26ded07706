#!/bin/bash
. "$(dirname "$0")/_capture.sh" rw
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo RAN-RW | tee -a ran.log"}}}
J
exit 0
