#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"decision": "block", "reason": "UPS-TEXT-BLOCK"}
J
exit 0
