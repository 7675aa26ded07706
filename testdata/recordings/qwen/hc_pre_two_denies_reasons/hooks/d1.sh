#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" d1
cat <<'J'
{"reason": "T1", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "R1"}}
J
exit 0
