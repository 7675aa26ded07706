#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" allow_a
cat <<'J'
{"decision": "allow", "reason": "REASON-A", "systemMessage": "SM-A"}
J
exit 0
