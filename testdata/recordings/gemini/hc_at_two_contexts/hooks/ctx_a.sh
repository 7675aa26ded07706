#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ctx_a
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "CTX-A & \"q\" 'x'"}}
J
exit 0
