#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"continue": "false", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "CONT-STRING"}}
J
exit 0
