#!/bin/bash
. "$(dirname "$0")/_capture.sh" deny
sleep 0.5
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "SLOW-DENY"}}
J
exit 0
