#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" deny_b
cat <<'J'
{"decision": "deny", "reason": "DENY-B"}
J
exit 0
