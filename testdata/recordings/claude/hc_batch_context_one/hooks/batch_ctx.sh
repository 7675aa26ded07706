#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_ctx
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-CTX-1"}}
__JSON__
