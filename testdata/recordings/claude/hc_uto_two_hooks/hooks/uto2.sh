#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto2
sleep 0.3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": "SECOND", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false}}}
__JSON__
