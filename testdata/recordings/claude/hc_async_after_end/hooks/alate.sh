#!/bin/bash
. "$(dirname "$0")/_capture.sh" alate
sleep 2
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ASYNC-LATE-CTX"}}
__JSON__
