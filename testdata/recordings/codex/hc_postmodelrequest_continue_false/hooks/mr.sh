#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
cat <<'J'
{"continue": false, "stopReason": "POSTMODELREQUEST-STOP"}
J
exit 0
