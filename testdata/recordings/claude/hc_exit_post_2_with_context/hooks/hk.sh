#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-WITH-EXIT2"}}
__JSON__
echo 'POST-E2' >&2
exit 2
