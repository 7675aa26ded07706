#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bt_sel
if grep -q DENYME "$HOOK_STDIN_FILE"; then
cat <<'J'
{"decision": "deny", "reason": "DENY-SECOND"}
J
exit 0
fi
exit 0
