#!/bin/bash
. "$(dirname "$0")/_capture.sh" h2
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-H2"}}
J
exit 0
