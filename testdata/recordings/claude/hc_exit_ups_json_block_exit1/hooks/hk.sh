#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"decision": "block", "reason": "UPS-BLOCK-EXIT1"}
__JSON__
exit 1
