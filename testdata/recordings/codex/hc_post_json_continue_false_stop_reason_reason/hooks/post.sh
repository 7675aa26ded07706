#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"continue": false, "stopReason": "POST-STOP-REASON2", "reason": "POST-REASON-FOR-MODEL"}
J
exit 0
