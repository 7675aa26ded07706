#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_cont
if grep -q '"prompt":""' "$HOOK_STDIN_FILE"; then
cat <<'J'
{"decision": "block", "reason": "BLOCK-CONT"}
J
exit 0
fi
exit 0
