#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "NO-EVENT-NAME-DENY"}}
__JSON__
