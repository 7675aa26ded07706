#!/bin/bash
. "$(dirname "$0")/_capture.sh" d2
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-TWO"}}
__JSON__
