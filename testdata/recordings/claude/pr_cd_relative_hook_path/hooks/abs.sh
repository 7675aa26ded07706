#!/bin/bash
. "$(dirname "$0")/_capture.sh" abs
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "ABS-RAN"}}
__JSON__
