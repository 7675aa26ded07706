#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": null}}
__JSON__
