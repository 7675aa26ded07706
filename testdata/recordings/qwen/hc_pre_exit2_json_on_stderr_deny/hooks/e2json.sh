#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" e2json
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2-STDERR-JSON"}}' >&2
exit 2
