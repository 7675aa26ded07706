#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "approve", "reason": "POST-APPROVE"}
J
exit 0
