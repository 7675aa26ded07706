#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "A"}}
__JSON__
