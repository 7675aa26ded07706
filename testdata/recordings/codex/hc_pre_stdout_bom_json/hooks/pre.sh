#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '\xef\xbb\xbf'
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "BOM-DENY"}}
J
exit 0
