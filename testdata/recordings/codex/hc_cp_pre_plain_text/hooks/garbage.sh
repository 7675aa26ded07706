#!/bin/bash
. "$(dirname "$0")/_capture.sh" garbage
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"G"}} trailing'
exit 0
