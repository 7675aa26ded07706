#!/bin/bash
. "$(dirname "$0")/_capture.sh" p_json
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-P-JSON"}}
J
exit 0
