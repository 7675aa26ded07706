#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" batch
cat <<'J'
{"continue": false, "stopReason": "BATCH-STOP", "hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-CTX"}}
J
exit 0
