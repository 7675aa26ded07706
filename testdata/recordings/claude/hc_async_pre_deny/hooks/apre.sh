#!/bin/bash
. "$(dirname "$0")/_capture.sh" apre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "ASYNC-DENY", "additionalContext": "ASYNC-PRE-CTX"}}
__JSON__
