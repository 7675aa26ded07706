#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-TXT"}}
J
exit 0
