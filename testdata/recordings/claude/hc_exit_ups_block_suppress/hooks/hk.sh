#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"decision": "block", "reason": "UPS-BLOCK-SUPP", "systemMessage": "UPS-SM", "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "suppressOriginalPrompt": true}}
__JSON__
