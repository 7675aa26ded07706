#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa
if hook_input_true stop_hook_active; then exit 0; fi
sleep 0.4
cat <<'J'
{"decision": "block", "reason": "STOP-A"}
J
exit 0
