#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_ups
cat <<'__JSON__'
{"suppressOutput": true, "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "SUPPRESSED-UPS-CTX"}}
__JSON__
