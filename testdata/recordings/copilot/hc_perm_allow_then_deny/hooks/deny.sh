#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-deny}"
cat <<'JSON'
{"behavior": "deny", "message": "SECOND-PERM-DENY"}
JSON
