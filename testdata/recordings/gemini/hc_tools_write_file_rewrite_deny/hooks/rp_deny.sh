#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rp_deny
cat <<'J'
{"decision": "deny", "reason": "NO-REPLACE"}
J
exit 0
