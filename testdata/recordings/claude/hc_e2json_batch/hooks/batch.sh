#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch
cat <<'__JSON__'
{"decision": "block", "reason": "E2-BATCH-REASON"}
__JSON__
exit 2
