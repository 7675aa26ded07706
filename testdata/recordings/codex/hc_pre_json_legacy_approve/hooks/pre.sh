#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"decision": "approve", "reason": "LEGACY-APPROVE"}
J
exit 0
