#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_msgs
cat <<'J'
{"hookSpecificOutput": {"llm_request": {"messages": [{"role": "user", "content": "REWRITTEN-BM"}]}}}
J
exit 0
