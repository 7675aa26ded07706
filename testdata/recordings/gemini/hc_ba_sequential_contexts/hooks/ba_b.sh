#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_b
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "CTX-SEQ-B"}}
J
exit 0
