#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bts_deny
cat <<'J'
{"decision": "deny", "continue": false, "reason": "BTS-DENY"}
J
exit 0
