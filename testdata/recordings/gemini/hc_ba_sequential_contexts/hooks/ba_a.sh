#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_a
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "CTX-SEQ-A"}}
J
exit 0
