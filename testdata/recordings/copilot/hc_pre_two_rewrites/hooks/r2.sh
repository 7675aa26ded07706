#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-r2}"
cat <<'JSON'
{"modifiedArgs": {"command": "echo TWO | tee -a ran.log"}}
JSON
