#!/bin/bash
. "$(dirname "$0")/_capture.sh" deny_fast
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "FAST-SECOND-CONFIGURED"}}
__JSON__
