#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_always
cat <<'J'
{"decision": "block", "reason": "AGAIN"}
J
exit 0
