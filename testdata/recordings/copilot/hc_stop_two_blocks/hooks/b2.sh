#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-b2}"
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'JSON'
{"decision": "block", "reason": "STOP-REASON-TWO"}
JSON
