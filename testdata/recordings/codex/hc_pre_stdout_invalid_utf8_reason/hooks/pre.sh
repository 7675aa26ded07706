#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"BAD-\xff-UTF8"}}'
exit 0
