#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_a
cat <<'J'
{"hookSpecificOutput": {"llm_request": {"messages": [{"role": "user", "content": "SEQ-BM-A"}]}}}
J
exit 0
