#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"continue": false, "stopReason": "HALT-NOW"}
J
exit 0
