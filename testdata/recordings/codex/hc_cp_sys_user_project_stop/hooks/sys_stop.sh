#!/bin/bash
. "$(dirname "$0")/_capture.sh" sys_stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "block", "reason": "SYS-REASON"}
J
exit 0
