#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" todo_block
if grep -q '"phase":"validation"' "$HOOK_STDIN_FILE"; then
cat <<'J'
{"decision": "block", "reason": "NO-TODOS"}
J
exit 0
fi
exit 0
