#!/bin/bash
. "$(dirname "$0")/_capture.sh" u_toml
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "CTX-U-TOML"}}
J
exit 0
