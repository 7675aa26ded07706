#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_slow
sleep 0.6
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-SLOW-FIRST-CONFIGURED"}}
__JSON__
