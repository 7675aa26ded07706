#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 0.5
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-A"}}
J
exit 0
