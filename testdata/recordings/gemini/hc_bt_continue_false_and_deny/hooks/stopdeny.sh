#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stopdeny
cat <<'J'
{"continue": false, "decision": "deny", "reason": "STOP-AND-DENY"}
J
exit 0
