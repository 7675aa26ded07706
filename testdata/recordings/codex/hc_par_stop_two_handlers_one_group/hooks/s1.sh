#!/bin/bash
. "$(dirname "$0")/_capture.sh" s1
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "block", "reason": "S1"}
J
exit 0
