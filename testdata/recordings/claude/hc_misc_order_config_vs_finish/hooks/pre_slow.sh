#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_slow
sleep 0.6
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "PRE-SLOW-FIRST-CONFIGURED"}}
__JSON__
