#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"continue": true, "suppressOutput": false, "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-CONT-TRUE"}}
J
exit 0
