#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_deny
cat <<'J'
{"decision": "deny", "reason": "BA-DENY-TXT"}
J
exit 0
