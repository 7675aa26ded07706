#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "permissionDecision": "deny", "permissionDecisionReason": "PR-EV"}}
J
exit 0
