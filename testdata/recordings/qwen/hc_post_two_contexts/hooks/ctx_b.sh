#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ctx_b
sleep 0.3
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-B <b>"}}
J
exit 0
