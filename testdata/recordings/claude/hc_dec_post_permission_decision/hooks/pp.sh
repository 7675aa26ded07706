#!/bin/bash
. "$(dirname "$0")/_capture.sh" pp
cat <<'__JSON__'
{"systemMessage": "HOOKIFY-SM", "hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny"}}
__JSON__
