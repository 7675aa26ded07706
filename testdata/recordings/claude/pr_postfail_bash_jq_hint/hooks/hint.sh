#!/bin/bash
. "$(dirname "$0")/_capture.sh" hint
e=$(jq -r .error "$HOOK_STDIN_FILE" | head -c 40)
jq -n --arg e "$e" '{hookSpecificOutput:{hookEventName:"PostToolUseFailure", additionalContext:("Command failed (" + $e + "). Check the path.")}}'
