#!/bin/bash
. "$(dirname "$0")/_capture.sh" fpb
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "Force push is not allowed. Use --force-with-lease."}}
__JSON__
