#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"decision": "block", "reason": "LEGACY-BLOCK-REASON"}
J
exit 0
