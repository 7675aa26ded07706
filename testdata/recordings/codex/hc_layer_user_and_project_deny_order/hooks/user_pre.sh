#!/bin/bash
. "$(dirname "$0")/_capture.sh" user_pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "USER-DENY"}}
J
exit 0
