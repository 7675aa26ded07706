#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_stop
cat <<'J'
{"continue": false, "stopReason": "UPS-STOP"}
J
exit 0
