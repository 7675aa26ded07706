#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-ctx}"
cat <<'JSON'
{"additionalContext": "FIRST-POST-CTX"}
JSON
