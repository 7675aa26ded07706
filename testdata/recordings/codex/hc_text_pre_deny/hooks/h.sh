#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-TXT"}}
J
exit 0
