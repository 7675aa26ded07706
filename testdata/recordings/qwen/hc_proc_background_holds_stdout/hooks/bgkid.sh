#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bgkid
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "BG-DENY"}}
J
sleep 12 &
exit 0
