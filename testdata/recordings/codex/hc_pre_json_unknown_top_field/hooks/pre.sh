#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"x-vendor": {"trace": 1}, "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "UNKNOWN-TOP-FIELD"}}
J
exit 0
