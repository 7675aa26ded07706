#!/bin/bash
. "$(dirname "$0")/_capture.sh" sst
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"decision": "block", "reason": "E2-SUB-REASON"}
__JSON__
exit 2
