#!/bin/bash
. "$(dirname "$0")/_capture.sh" pc
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-C"}}
J
exit 0
