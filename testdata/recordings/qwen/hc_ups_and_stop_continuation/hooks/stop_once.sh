#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_once
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "block", "reason": "STOP-REASON-AS-PROMPT"}
J
exit 0
