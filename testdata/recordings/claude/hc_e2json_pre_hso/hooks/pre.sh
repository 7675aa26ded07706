#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "E2-PRE-HSO"}}
__JSON__
exit 2
