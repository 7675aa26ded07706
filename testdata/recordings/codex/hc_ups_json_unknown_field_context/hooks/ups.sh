#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"x": 1, "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-UNKNOWN"}}
J
exit 0
