#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "block", "reason": "SUBAGENT-KEEP-GOING"}
J
exit 0
