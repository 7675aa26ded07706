#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_ctx
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-CTX"}}
__JSON__
