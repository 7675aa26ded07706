#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" am_rwt
cat <<'J'
{"hookSpecificOutput": {"llm_response": {"candidates": [{"content": {"role": "model", "parts": ["AM-TEXT-INSTEAD"]}}]}}}
J
exit 0
