#!/bin/bash
. "$(dirname "$0")/_capture.sh" u_json
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-U-JSON"}}
J
exit 0
