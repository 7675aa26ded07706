#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"continue": false, "stopReason": "POST-STOP-REASON"}
J
exit 0
