#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bts_a
cat <<'J'
{"hookSpecificOutput": {"toolConfig": {"mode": "AUTO", "allowedFunctionNames": ["write_file", "read_file"]}}}
J
exit 0
