#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_json_exit3
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"decision": "block", "reason": "JSON-WITH-EXIT3"}
__JSON__
exit 3
