#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "POST-BLOCK-R", "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-CTX-WITH-BLOCK"}}
J
exit 0
