#!/bin/bash
. "$(dirname "$0")/_capture.sh" bx1
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-X1"}}
__JSON__
