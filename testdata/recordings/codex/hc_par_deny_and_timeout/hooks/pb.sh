#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-B-AFTER-TIMEOUT"}}
J
exit 0
