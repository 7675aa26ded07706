#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
printf '\xef\xbb\xbf'
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "BOM-CTX"}}
J
exit 0
