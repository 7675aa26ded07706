#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_cf
cat <<'__JSON__'
{"continue": false, "stopReason": "BATCH-STOPREASON"}
__JSON__
