#!/bin/bash
. "$(dirname "$0")/_capture.sh" utoc
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "UTO-CTX", "updatedToolOutput": {"stdout": "REPLACED-WITH-CTX", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false}}}
__JSON__
