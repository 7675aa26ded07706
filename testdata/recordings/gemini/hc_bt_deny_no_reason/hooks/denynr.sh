#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" denynr
cat <<'J'
{"decision": "deny"}
J
exit 0
