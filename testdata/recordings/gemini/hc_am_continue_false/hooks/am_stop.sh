#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" am_stop
cat <<'J'
{"continue": false, "stopReason": "AM-STOP"}
J
exit 0
