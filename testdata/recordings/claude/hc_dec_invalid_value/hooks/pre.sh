#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "maybe", "permissionDecisionReason": "MAYBE", "additionalContext": "CTX-WITH-INVALID"}}
__JSON__
