#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"decision": "block", "reason": "POST-BLOCK-EXIT1"}
__JSON__
exit 1
