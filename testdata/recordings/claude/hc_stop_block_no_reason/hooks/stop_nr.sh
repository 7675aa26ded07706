#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_nr
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'__JSON__'
{"decision": "block"}
__JSON__
