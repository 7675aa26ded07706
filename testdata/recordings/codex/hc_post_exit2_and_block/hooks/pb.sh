#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
cat <<'J'
{"decision": "block", "reason": "BLOCK-B"}
J
exit 0
