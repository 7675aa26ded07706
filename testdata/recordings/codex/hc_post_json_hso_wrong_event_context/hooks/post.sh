#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "POST-CTX-WRONG-EV"}}
J
exit 0
