#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": "REPLACED-WITH-BLOCK", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false}}, "decision": "block", "reason": "UTO-BLOCK-REASON"}
__JSON__
