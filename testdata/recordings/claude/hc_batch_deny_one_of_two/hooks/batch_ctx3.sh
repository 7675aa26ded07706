#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_ctx3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-CTX-3"}}
__JSON__
