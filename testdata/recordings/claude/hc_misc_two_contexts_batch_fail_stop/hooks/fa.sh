#!/bin/bash
. "$(dirname "$0")/_capture.sh" fa
sleep 0.4
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": "FAIL-SLOW"}}
__JSON__
