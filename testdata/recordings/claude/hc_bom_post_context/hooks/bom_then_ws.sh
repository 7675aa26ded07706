#!/bin/bash
. "$(dirname "$0")/_capture.sh" bom_then_ws
printf '\xef\xbb\xbf  \n'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "BOM-THEN-WS"}}
__JSON__
