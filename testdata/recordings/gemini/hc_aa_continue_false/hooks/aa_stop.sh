#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" aa_stop
cat <<'J'
{"continue": false, "stopReason": "AA-STOP"}
J
exit 0
