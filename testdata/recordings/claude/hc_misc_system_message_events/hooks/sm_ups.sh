#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_ups
cat <<'__JSON__'
{"systemMessage": "SM-UPS", "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "CTX-UPS"}}
__JSON__
