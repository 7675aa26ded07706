#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_stop
cat <<'J'
{"continue": false, "stopReason": "BM-STOP"}
J
exit 0
