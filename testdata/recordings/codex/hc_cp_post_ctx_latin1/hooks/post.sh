#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"caf\xe9 ctx"}}'
exit 0
