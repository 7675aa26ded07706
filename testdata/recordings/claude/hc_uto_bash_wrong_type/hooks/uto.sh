#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": 42, "stderr": "", "interrupted": false}}}
__JSON__
