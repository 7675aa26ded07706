#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "HOOK-ASK"}}
__JSON__
exit 0
