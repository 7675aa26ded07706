#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-deny}"
cat <<'JSON'
{"behavior": "deny", "message": "FIRST-PERM-DENY"}
JSON
