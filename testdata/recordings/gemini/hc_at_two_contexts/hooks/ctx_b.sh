#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ctx_b
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "CTX-B <b>"}}
J
exit 0
