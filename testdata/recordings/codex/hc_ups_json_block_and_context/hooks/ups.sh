#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"decision": "block", "reason": "UPS-BLOCK-R", "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-CTX-BLOCKED"}}
J
exit 0
