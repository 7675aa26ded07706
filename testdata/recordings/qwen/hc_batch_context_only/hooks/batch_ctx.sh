#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" batch_ctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-ONLY-CTX"}}
J
exit 0
