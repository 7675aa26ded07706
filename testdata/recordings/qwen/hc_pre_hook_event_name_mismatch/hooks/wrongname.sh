#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" wrongname
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny", "permissionDecisionReason": "WRONG-NAME-DENY"}}
J
exit 0
