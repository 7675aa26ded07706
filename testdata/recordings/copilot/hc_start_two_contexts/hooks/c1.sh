#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-c1}"
cat <<'JSON'
{"additionalContext": "SCTX-ONE"}
JSON
