#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" se_slow
sleep 2
cat <<'J'
{"decision": "deny", "systemMessage": "SE-SM"}
J
exit 0
