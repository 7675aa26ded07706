#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_syn_nd
cat <<'J'
{"hookSpecificOutput": {"llm_response": {"candidates": [{"content": {"role": "model", "parts": ["SYN-ND"]}}]}}}
J
exit 0
