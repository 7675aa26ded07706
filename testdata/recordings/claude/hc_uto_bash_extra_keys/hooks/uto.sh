#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": "REPLACED-EXTRA", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false, "bogus": 1}}}
__JSON__
