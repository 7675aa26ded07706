#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"continue": false, "stopReason": "UPS-HALT-TXT"}
J
exit 0
