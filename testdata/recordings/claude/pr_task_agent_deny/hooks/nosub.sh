#!/bin/bash
. "$(dirname "$0")/_capture.sh" nosub
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "Sub-agents are disabled in this repo"}}
__JSON__
