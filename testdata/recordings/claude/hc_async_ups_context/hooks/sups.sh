#!/bin/bash
. "$(dirname "$0")/_capture.sh" sups
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "SYNC-UPS-CTX"}}
__JSON__
