#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" approve
cat <<'J'
{"decision": "approve", "reason": "APPROVED"}
J
exit 0
