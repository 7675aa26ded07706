#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-WITH-UI", "updatedInput": {"command": "echo REWRITTEN-DUI | tee -a ran.log"}}}
J
exit 0
