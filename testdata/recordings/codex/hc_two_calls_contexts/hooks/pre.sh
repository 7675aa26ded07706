#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
c=$(grep -o 'RAN-[A-Z]*' "$HOOK_STDIN_FILE" | head -1)
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"PRE-%s"}}' "$c"
exit 0
