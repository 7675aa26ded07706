#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" pc_auto
cat <<'J'
{"decision": "deny", "continue": false, "reason": "PC-DENY"}
J
exit 0
