#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
cat <<'J'
{"decision": "block", "reason": "PREMODELREQUEST-BLOCK"}
J
exit 0
