#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-c2}"
cat <<'JSON'
{"additionalContext": "CTX-TWO"}
JSON
