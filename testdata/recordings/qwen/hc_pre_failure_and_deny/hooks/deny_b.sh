#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" deny_b
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-DESPITE-TIMEOUT"}}
J
exit 0
