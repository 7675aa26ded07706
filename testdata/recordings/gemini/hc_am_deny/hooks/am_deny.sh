#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" am_deny
cat <<'J'
{"decision": "deny", "reason": "AM-DENY"}
J
exit 0
