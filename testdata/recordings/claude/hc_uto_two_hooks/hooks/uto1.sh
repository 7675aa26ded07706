#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto1
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": "FIRST", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false}}}
__JSON__
