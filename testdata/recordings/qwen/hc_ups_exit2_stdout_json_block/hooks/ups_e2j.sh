#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_e2j
cat <<'J'
{"decision": "block", "reason": "NEVER"}
J
exit 2
