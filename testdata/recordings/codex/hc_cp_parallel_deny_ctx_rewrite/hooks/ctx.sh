#!/bin/bash
. "$(dirname "$0")/_capture.sh" ctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "FAST-CTX"}}
J
exit 0
