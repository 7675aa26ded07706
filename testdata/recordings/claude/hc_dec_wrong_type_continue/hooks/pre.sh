#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"continue": "false", "hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-WITH-BAD-CONTINUE"}}
__JSON__
