#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "DENY", "permissionDecisionReason": "UPPER"}}
J
exit 0
