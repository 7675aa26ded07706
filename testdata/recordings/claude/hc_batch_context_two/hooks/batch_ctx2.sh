#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_ctx2
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-CTX-2"}}
__JSON__
