#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"decision": "block", "reason": "LEGACY-R2", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo REWRITTEN-LBA | tee -a ran.log"}}}
J
exit 0
