#!/bin/bash
. "$(dirname "$0")/_capture.sh" tdone
cat <<'__JSON__'
{"decision": "block", "reason": "E2-TD-REASON"}
__JSON__
exit 2
