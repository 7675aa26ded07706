#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" wf_rw
cat <<'J'
{"hookSpecificOutput": {"tool_input": {"file_path": "{{PROJECT}}/b.txt", "content": "REWRITTEN-CONTENT\n"}}}
J
exit 0
