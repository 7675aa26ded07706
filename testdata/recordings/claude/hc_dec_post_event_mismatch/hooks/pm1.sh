#!/bin/bash
. "$(dirname "$0")/_capture.sh" pm1
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "POST-MISMATCH-PRE"}}
__JSON__
