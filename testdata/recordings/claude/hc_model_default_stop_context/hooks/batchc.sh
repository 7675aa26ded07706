#!/bin/bash
. "$(dirname "$0")/_capture.sh" batchc
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "DM-BATCH-CTX"}}
__JSON__
