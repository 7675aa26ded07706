#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_slow
sleep 0.6
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-SLOW-FIRST-CONFIGURED"}}
__JSON__
