#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "UI-ASK", "updatedInput": {"command": "echo ASKED | tee -a ran.log"}}}
__JSON__
