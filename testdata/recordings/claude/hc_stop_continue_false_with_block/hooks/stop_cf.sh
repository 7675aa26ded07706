#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_cf
cat <<'__JSON__'
{"continue": false, "stopReason": "STOP-STOPREASON", "decision": "block", "reason": "STOP-BLOCK-R"}
__JSON__
