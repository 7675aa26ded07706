#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'__JSON__'
{"decision": "block", "reason": "E2-UPS-REASON"}
__JSON__
exit 2
