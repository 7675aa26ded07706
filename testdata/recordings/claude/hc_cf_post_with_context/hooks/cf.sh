#!/bin/bash
. "$(dirname "$0")/_capture.sh" cf
cat <<'__JSON__'
{"continue": false, "stopReason": "CF-STOPREASON", "systemMessage": "CF-SYSMSG", "decision": "block", "reason": "CF-POST-BLOCK", "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CF-POST-CTX"}}
__JSON__
