#!/bin/bash
. "$(dirname "$0")/_capture.sh" s0
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "block", "reason": "S0 <b>&\"q\""}
J
exit 0
