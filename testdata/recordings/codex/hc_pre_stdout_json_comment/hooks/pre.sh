#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
// comment
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"COMMENT-DENY"}}
J
exit 0
