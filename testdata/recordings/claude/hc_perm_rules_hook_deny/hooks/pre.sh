#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "HOOK-DENY"}}
__JSON__
exit 0
