#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" rw_str
cat <<'J'
{"hookSpecificOutput": {"tool_input": "echo STRING-RS"}}
J
exit 0
