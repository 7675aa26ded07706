#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" post_stop
cat <<'J'
{"continue": false, "stopReason": "POST-STOP"}
J
exit 0
