#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": "REPLACED-MIN", "stderr": "ERR-MIN", "interrupted": false}}}
__JSON__
