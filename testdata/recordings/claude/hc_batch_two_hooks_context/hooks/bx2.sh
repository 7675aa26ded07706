#!/bin/bash
. "$(dirname "$0")/_capture.sh" bx2
cat <<'__JSON__'
{"systemMessage": "BATCH-SM", "hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": "BATCH-X2"}}
__JSON__
