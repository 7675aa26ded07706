#!/bin/bash
. "$(dirname "$0")/_capture.sh" asy
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "ASYNC-DENY"}}
J
exit 0
