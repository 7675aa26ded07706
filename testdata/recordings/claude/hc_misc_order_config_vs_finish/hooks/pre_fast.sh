#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_fast
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "PRE-FAST-SECOND-CONFIGURED"}}
__JSON__
