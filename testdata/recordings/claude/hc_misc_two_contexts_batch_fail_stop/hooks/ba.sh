#!/bin/bash
. "$(dirname "$0")/_capture.sh" ba
sleep 0.4
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-SLOW"}}
__JSON__
