#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_cf1
cat <<'__JSON__'
{"continue": false, "stopReason": "STOP-ONLY-STOPREASON", "systemMessage": "STOP-SM"}
__JSON__
