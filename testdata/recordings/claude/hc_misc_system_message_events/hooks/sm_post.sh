#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_post
cat <<'__JSON__'
{"systemMessage": "SM-POST", "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-POST"}}
__JSON__
