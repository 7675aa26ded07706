#!/bin/bash
. "$(dirname "$0")/_capture.sh" pm2
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "POST-MISMATCH-UPS"}}
__JSON__
