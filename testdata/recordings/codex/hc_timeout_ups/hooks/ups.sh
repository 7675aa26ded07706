#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
sleep 5 & wait $!
cat <<'J'
{"decision": "block", "reason": "LATE"}
J
exit 0
