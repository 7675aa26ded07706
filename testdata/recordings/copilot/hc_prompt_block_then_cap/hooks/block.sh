#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-block}"
sleep 1
cat <<'JSON'
{"decision": "block", "reason": "FIRST-BLOCK"}
JSON
