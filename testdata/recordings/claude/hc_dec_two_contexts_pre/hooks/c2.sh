#!/bin/bash
. "$(dirname "$0")/_capture.sh" c2
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "PRE-CTX-TWO"}}
__JSON__
