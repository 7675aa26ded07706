#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'note:'
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "AFTER-TEXT"}}
J
exit 0
