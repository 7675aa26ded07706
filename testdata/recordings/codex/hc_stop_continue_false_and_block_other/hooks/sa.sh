#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa
cat <<'J'
{"continue": false, "stopReason": "A-HALT"}
J
exit 0
