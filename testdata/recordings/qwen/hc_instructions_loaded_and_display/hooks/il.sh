#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" il
cat <<'J'
{"decision": "block", "reason": "IL-BLOCK"}
J
exit 0
