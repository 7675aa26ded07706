#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'STDERR-REASON' >&2
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "JSON-REASON"}}
J
exit 2
