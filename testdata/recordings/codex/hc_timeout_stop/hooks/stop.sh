#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
sleep 5 & wait $!
cat <<'J'
{"decision": "block", "reason": "LATE"}
J
exit 0
