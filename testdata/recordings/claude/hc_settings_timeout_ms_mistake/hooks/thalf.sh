#!/bin/bash
. "$(dirname "$0")/_capture.sh" thalf
sleep 2 & wait $!
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "LATE"}}
__JSON__
