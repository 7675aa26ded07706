#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ctx_a
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-A & 'q'"}}
J
exit 0
