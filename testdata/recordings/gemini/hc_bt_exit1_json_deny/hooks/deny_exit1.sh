#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" deny_exit1
cat <<'J'
{"decision": "deny", "reason": "DENY-EXIT1-JSON"}
J
exit 1
