#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"continue": false, "stopReason": "UPS-STOP-REASON"}
J
exit 0
