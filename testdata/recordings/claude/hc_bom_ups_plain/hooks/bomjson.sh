#!/bin/bash
. "$(dirname "$0")/_capture.sh" bomjson
printf '\xef\xbb\xbf'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "BOM-UPS-JSON"}}
__JSON__
