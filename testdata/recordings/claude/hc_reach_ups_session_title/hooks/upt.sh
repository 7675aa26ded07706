#!/bin/bash
. "$(dirname "$0")/_capture.sh" upt
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-T", "sessionTitle": "UPS-TITLE"}}
__JSON__
