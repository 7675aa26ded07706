#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"suppressOutput": true, "decision": "block", "reason": "POST-SUPPRESSED-BLOCK"}
J
exit 0
