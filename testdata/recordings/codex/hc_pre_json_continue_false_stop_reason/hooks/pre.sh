#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"continue": false, "stopReason": "STOP-REASON-PRE"}
J
exit 0
