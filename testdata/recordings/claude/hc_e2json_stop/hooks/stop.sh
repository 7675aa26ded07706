#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"decision": "block", "reason": "E2-STOP-REASON"}
__JSON__
exit 2
