#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sf
cat <<'J'
{"decision": "block", "reason": "SF-BLOCK"}
J
exit 0
