#!/bin/bash
. "$(dirname "$0")/_capture.sh" afast
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "FAST-ASYNC-CTX"}}
__JSON__
