#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"decision": "approve", "reason": "APPROVE-REASON"}
__JSON__
