#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_to
sleep 3 & wait $!
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "TOO-LATE-UPS"}}
__JSON__
