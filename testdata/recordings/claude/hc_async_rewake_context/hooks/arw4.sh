#!/bin/bash
. "$(dirname "$0")/_capture.sh" arw4
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.5
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "REWAKE-CTX-EXIT0"}}
__JSON__
