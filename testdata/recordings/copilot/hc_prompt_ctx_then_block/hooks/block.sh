#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-block}"
cat <<'JSON'
{"decision": "block", "reason": "SECOND-PROMPT-BLOCK"}
JSON
