#!/bin/bash
. "$(dirname "$0")/_capture.sh" deny_slow
sleep 0.5
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "SLOW-FIRST-CONFIGURED"}}
__JSON__
