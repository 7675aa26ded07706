#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
cat <<'JSON'
{"permissionDecision": "allow"}
JSON
echo STDERR-2 >&2
exit 2
