#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" approve_a
cat <<'J'
{"decision": "approve"}
J
exit 0
