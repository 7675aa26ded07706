#!/bin/bash
. "$(dirname "$0")/_capture.sh" aa2
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.4
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ASYNC-TWO"}}
__JSON__
