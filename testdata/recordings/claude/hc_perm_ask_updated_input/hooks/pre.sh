#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "confirm the dry run", "updatedInput": {"command": "echo DRY-RUN | tee -a ran.log", "description": "dry"}}}
__JSON__
exit 0
