#!/bin/bash
. "$(dirname "$0")/_capture.sh" bb
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-FAST"}}
__JSON__
