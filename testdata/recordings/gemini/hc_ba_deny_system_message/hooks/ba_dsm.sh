#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_dsm
cat <<'J'
{"decision": "deny", "reason": "BA-R", "systemMessage": "BA-SM"}
J
exit 0
