#!/bin/bash
. "$(dirname "$0")/_capture.sh" e3
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "E3-CTX"}}
__JSON__
exit 3
