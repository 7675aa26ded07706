#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_cf
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"continue": false, "stopReason": "STOP-CF"}
J
exit 0
