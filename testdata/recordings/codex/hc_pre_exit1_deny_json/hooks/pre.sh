#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "EXIT1-JSON-DENY"}}
J
exit 1
