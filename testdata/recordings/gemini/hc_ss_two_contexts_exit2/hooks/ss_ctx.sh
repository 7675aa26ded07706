#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_ctx
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "SS-CTX-B"}}
J
exit 0
