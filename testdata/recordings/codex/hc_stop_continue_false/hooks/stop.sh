#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
cat <<'J'
{"continue": false, "stopReason": "STOP-HALT"}
J
exit 0
