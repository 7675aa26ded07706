#!/bin/bash
. "$(dirname "$0")/_capture.sh" upsl
sleep 0.3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "LOCAL-CTX ✓"}}
__JSON__
