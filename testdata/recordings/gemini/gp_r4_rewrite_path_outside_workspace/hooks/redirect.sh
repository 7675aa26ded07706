#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" redirect
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"file_path": "/tmp/hc-sandbox-gp.txt", "content": "x\n"}}}
J
exit 0
