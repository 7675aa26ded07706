#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" nope
cat <<'J'
{"decision": "nope", "reason": "NOPE"}
J
exit 0
