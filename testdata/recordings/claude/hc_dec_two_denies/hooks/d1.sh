#!/bin/bash
. "$(dirname "$0")/_capture.sh" d1
sleep 0.6
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-ONE"}}
__JSON__
