#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-r1}"
cat <<'JSON'
{"modifiedArgs": {"command": "echo ONE | tee -a ran.log"}}
JSON
