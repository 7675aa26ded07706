#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" blocksr
cat <<'J'
{"decision": "block", "stopReason": "SR-AS-REASON", "reason": "R-IGNORED"}
J
exit 0
