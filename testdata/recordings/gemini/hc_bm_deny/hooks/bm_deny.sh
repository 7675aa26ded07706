#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_deny
cat <<'J'
{"decision": "deny", "reason": "BM-DENY"}
J
exit 0
