#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-block}"
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'JSON'
{"decision": "block", "reason": "FIRST-STOP-BLOCK"}
JSON
