#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" block_b
cat <<'J'
{"decision": "block", "reason": "BLOCK-B"}
J
exit 0
