#!/bin/bash
. "$(dirname "$0")/_capture.sh" bom1
printf '\xef\xbb\xbf'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "BOM-ONE"}}
__JSON__
