#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" allow_exit2
cat <<'J'
{"decision": "allow"}
J
printf '%s\n' 'STDERR-IGNORED-E2A' >&2
exit 2
