#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ask
cat <<'J'
{"decision": "ask", "reason": "ASK-REASON", "systemMessage": "ASK-SM"}
J
exit 0
