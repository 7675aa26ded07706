#!/bin/bash
. "$(dirname "$0")/_capture.sh" bom3
printf '\xef\xbb\xbf\xef\xbb\xbf\xef\xbb\xbf'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "BOM-THREE"}}
__JSON__
