#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
c=$(grep -o 'RAN-[A-Z]*' "$HOOK_STDIN_FILE" | head -1)
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"POST-%s"}}' "$c"
exit 0
