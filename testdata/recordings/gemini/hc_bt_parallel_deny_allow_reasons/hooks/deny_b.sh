#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" deny_b
cat <<'J'
{"decision": "deny", "reason": "REASON-B", "systemMessage": "SM-B"}
J
exit 0
