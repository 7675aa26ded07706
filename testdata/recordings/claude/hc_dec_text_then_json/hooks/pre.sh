#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'Welcome banner'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "TEXT-THEN-JSON"}}
__JSON__
