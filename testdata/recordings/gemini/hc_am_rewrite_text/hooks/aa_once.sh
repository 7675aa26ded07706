#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" aa_once
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "deny", "reason": "CONTINUE-PLEASE"}
J
exit 0
