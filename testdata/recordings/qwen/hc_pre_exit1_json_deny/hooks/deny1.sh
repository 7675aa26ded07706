#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" deny1
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-EXIT1-JSON"}}
J
exit 1
