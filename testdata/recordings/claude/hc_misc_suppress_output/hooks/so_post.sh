#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_post
cat <<'__JSON__'
{"suppressOutput": true, "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "SUPPRESSED-POST-CTX"}}
__JSON__
