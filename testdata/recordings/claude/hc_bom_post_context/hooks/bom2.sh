#!/bin/bash
. "$(dirname "$0")/_capture.sh" bom2
printf '\xef\xbb\xbf\xef\xbb\xbf'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "BOM-TWO"}}
__JSON__
