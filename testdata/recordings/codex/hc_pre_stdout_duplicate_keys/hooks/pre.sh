#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecision":"deny","permissionDecisionReason":"DUP-KEYS"}}'
exit 0
