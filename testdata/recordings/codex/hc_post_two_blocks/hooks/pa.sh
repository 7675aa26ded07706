#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 0.5
cat <<'J'
{"decision": "block", "reason": "BLOCK-A"}
J
exit 0
