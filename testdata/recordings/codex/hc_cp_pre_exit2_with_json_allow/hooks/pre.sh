#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo RAN-RW2 | tee -a ran.log"}}}'
echo 'no shell today' >&2
exit 2
