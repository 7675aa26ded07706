#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_always
cat <<'__JSON__'
{"decision": "block", "reason": "KEEP-GOING"}
__JSON__
