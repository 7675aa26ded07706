#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
if grep -q RAN-TWO "$HOOK_STDIN_FILE"; then
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-SECOND"}}
J
fi
exit 0
