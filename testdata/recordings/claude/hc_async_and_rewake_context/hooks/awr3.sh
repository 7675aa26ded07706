#!/bin/bash
. "$(dirname "$0")/_capture.sh" awr3
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.5
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ASYNC-REWAKE-CTX"}}
__JSON__
