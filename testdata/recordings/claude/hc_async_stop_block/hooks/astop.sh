#!/bin/bash
. "$(dirname "$0")/_capture.sh" astop
cat <<'__JSON__'
{"decision": "block", "reason": "ASYNC-STOP-BLOCK"}
__JSON__
