#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{"decision": "block", "reason": "SS-BLOCK"}
J
exit 0
