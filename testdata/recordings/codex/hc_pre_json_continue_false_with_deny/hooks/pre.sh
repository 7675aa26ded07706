#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"continue": false, "stopReason": "SR", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-AND-CONT-FALSE"}}
J
exit 0
