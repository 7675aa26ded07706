#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_to
sleep 3 & wait $!
cat <<'__JSON__'
{"decision": "block", "reason": "TOO-LATE-STOP"}
__JSON__
