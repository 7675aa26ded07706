#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"continue": false, "stopReason": "POST-STOP4", "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-CTX4"}}
J
exit 0
