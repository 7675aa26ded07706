#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" redirect_env
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"file_path": "{{PROJECT}}/.env", "content": "x\n"}}}
J
exit 0
