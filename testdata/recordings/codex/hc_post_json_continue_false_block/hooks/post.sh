#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"continue": false, "stopReason": "POST-STOP3", "decision": "block", "reason": "POST-BLOCK3"}
J
exit 0
