#!/bin/bash
. "$(dirname "$0")/_capture.sh" c1
sleep 0.4
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "PRE-CTX-ONE"}}
__JSON__
