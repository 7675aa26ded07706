#!/bin/bash
. "$(dirname "$0")/_capture.sh" u2
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "TOML-UPS-JSON"}}
J
exit 0
