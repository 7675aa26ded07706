#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "TOML-POST"}}
J
exit 0
