#!/bin/bash
. "$(dirname "$0")/_capture.sh" aa1
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.2
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ASYNC-ONE"}}
__JSON__
