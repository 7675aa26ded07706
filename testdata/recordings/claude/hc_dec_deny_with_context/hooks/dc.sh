#!/bin/bash
. "$(dirname "$0")/_capture.sh" dc
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-R", "additionalContext": "DENY-CTX"}}
__JSON__
