#!/bin/bash
. "$(dirname "$0")/_capture.sh" fast
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "FAST-CTX"}}
J
exit 0
