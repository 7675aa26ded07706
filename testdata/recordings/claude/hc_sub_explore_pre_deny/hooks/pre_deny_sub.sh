#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_deny_sub
if grep -q '"agent_type"' "$HOOK_STDIN_FILE"; then
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "NO-BASH-IN-SUBAGENT"}}
__JSON__
fi
