#!/bin/bash
. "$(dirname "$0")/_capture.sh" asyncc
sleep 0.3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "DM-ASYNC-CTX"}}
__JSON__
