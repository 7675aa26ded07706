#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "Bogus", "permissionDecision": "deny", "permissionDecisionReason": "BOGUS-EV"}}
J
exit 0
