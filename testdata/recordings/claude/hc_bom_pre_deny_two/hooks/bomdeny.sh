#!/bin/bash
. "$(dirname "$0")/_capture.sh" bomdeny
printf '\xef\xbb\xbf\xef\xbb\xbf'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "BOM-DENY"}}
__JSON__
