#!/bin/bash
. "$(dirname "$0")/_capture.sh" bomstop
if hook_input_true stop_hook_active; then exit 0; fi
printf '\xef\xbb\xbf'
cat <<'__JSON__'
{"decision": "block", "reason": "BOM-STOP"}
__JSON__
