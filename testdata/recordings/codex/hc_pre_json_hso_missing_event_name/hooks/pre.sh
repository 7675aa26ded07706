#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "NO-EVENT-NAME"}}
J
exit 0
