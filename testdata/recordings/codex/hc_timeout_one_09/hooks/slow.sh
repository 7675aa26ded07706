#!/bin/bash
. "$(dirname "$0")/_capture.sh" slow
sleep 0.9
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "ONE-09-DENY"}}
J
exit 0
