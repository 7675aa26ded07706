#!/bin/bash
. "$(dirname "$0")/_capture.sh" pk
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "K"}}
__JSON__
