#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": "REPLACED-OUTPUT"}}
J
exit 0
