#!/bin/bash
. "$(dirname "$0")/_capture.sh" proj_pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "PROJ-DENY"}}
J
exit 0
