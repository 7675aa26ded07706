#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_saw
out=$(printf '%s' "$HOOK_INPUT" | jq -r '.tool_response.stdout // "NO-STDOUT"' | tr -d '\n')
jq -cn --arg c "SAW-STDOUT: $out" '{hookSpecificOutput:{hookEventName:"PostToolUse",additionalContext:$c}}'
