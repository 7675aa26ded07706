#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"decision": "block", "reason": "E2-PRE-REASON"}
__JSON__
exit 2
