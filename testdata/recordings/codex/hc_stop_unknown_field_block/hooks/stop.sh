#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"x": 1, "decision": "block", "reason": "STOP-UNK"}
J
exit 0
