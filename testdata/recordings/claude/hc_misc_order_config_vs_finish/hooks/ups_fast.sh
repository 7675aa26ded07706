#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_fast
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-FAST-SECOND-CONFIGURED"}}
__JSON__
