#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
cat <<'JSON'
{"modifiedArgs": "echo STR"}
JSON
