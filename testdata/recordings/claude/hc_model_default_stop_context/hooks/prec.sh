#!/bin/bash
. "$(dirname "$0")/_capture.sh" prec
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "DM-PRE-CTX"}}
__JSON__
