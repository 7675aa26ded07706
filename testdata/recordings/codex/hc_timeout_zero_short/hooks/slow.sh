#!/bin/bash
. "$(dirname "$0")/_capture.sh" slow
sleep 0.5
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "ZERO-SHORT-DENY"}}
J
exit 0
