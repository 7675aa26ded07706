#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" at_stop
cat <<'J'
{"continue": false, "stopReason": "AT-STOP"}
J
exit 0
