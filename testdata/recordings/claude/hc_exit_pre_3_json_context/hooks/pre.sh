#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-WITH-EXIT3"}}
__JSON__
echo 'E3' >&2
exit 3
