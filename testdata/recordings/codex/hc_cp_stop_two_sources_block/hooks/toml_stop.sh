#!/bin/bash
. "$(dirname "$0")/_capture.sh" toml_stop
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "block", "reason": "update the changelog"}
J
exit 0
