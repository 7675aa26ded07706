#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
if grep -q '"compact"' "$HOOK_STDIN_FILE"; then t=SS-AFTER-COMPACT; else t=SS-AT-STARTUP; fi
printf '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"%s"}}' "$t"
exit 0
