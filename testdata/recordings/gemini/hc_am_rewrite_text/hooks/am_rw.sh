#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" am_rw
cat <<'J'
{"hookSpecificOutput": {"llm_response": {"candidates": [{"content": {"role": "model", "parts": ["REWRITTEN-AM"]}, "finishReason": "STOP"}]}}}
J
exit 0
