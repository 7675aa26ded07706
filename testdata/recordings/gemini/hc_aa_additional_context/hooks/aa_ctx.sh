#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" aa_ctx
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "AA-CTX"}}
J
exit 0
