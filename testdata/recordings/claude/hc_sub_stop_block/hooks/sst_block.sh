#!/bin/bash
. "$(dirname "$0")/_capture.sh" sst_block
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"decision": "block", "reason": "SUBSTOP-REASON: check again"}
__JSON__
