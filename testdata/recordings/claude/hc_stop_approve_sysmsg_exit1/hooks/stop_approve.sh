#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_approve
cat <<'__JSON__'
{"decision": "approve", "systemMessage": "STOP-SYSMSG", "suppressOutput": true}
__JSON__
