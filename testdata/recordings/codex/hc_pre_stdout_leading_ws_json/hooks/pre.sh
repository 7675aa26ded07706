#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '\n\n   '
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "WS-DENY"}}
J
exit 0
