#!/bin/bash
. "$(dirname "$0")/_capture.sh" pc
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-C"}}
J
exit 0
