#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"systemMessage": "SYSMSG-PRE", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-SYSMSG"}}
J
exit 0
