#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"type": "create", "filePath": "/nowhere/else.txt", "content": "OTHER\n", "structuredPatch": [], "originalFile": null, "userModified": false}}}
__JSON__
