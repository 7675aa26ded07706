#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_b1
if hook_input_true stop_hook_active; then exit 0; fi
sleep 0.6
cat <<'__JSON__'
{"decision": "block", "reason": "REASON-ONE"}
__JSON__
