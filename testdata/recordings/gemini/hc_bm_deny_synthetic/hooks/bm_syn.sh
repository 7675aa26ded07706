#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_syn
cat <<'J'
{"decision": "deny", "reason": "BM-SYN", "hookSpecificOutput": {"hookEventName": "BeforeModel", "llm_response": {"candidates": [{"content": {"role": "model", "parts": ["SYNTHETIC-ANSWER"]}, "finishReason": "STOP"}]}}}
J
exit 0
