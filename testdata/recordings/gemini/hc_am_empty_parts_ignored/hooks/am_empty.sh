#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" am_empty
cat <<'J'
{"hookSpecificOutput": {"llm_response": {"candidates": [{"content": {"role": "model", "parts": []}}]}}}
J
exit 0
