#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"continue": false, "stopReason": "STOP-HALT2", "decision": "block", "reason": "STOP-BLOCK2"}
J
exit 0
