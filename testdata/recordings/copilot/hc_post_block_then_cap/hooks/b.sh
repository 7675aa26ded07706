#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-b}"
cat <<'JSON'
{"decision": "block", "reason": "POST-BLOCK-FIRST"}
JSON
