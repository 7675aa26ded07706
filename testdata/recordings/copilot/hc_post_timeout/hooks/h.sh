#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
sleep 3
cat <<'JSON'
{"additionalContext": "LATE"}
JSON
