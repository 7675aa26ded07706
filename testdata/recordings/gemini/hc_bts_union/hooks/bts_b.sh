#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bts_b
cat <<'J'
{"hookSpecificOutput": {"toolConfig": {"mode": "ANY", "allowedFunctionNames": ["run_shell_command"]}}}
J
exit 0
