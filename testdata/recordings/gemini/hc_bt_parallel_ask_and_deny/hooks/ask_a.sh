#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ask_a
cat <<'J'
{"decision": "ask", "reason": "ASK-A"}
J
exit 0
