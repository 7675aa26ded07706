#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" d2
sleep 0.3
cat <<'J'
{"reason": "T2", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "R2"}}
J
exit 0
