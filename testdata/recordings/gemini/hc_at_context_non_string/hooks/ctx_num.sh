#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ctx_num
cat <<'J'
{"hookSpecificOutput": {"additionalContext": 42}}
J
exit 0
