#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{"continue": false, "stopReason": "SS-HALT"}
J
exit 0
