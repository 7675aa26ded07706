#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"suppressOutput": true, "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-SUPPRESSED"}}
J
exit 0
