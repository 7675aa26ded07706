#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_stop
cat <<'J'
{"continue": false, "stopReason": "BA-STOP-TXT"}
J
exit 0
