#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" n_exact
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "NOTIF-CTX"}}
J
exit 0
