#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" upper
cat <<'J'
{"decision": "DENY", "reason": "UPPER"}
J
exit 0
