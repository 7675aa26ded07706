#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" md
cat <<'J'
{"decision": "block", "reason": "MD-BLOCK"}
J
exit 0
