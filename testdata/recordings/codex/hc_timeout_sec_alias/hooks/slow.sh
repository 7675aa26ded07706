#!/bin/bash
. "$(dirname "$0")/_capture.sh" slow
sleep 3 & wait $!
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "SLOW-DENY"}}
J
exit 0
