#!/bin/bash
. "$(dirname "$0")/_capture.sh" pf
cat <<'__JSON__'
{"decision": "block", "reason": "E2-PF-REASON"}
__JSON__
exit 2
