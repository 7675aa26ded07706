#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_block
cat <<'__JSON__'
{"decision": "block", "reason": "BATCH-BLOCK-REASON"}
__JSON__
