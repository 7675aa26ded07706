#!/bin/bash
. "$(dirname "$0")/_capture.sh" deny
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "AP-DENY-JSON: edits need review"}}
J
exit 0
