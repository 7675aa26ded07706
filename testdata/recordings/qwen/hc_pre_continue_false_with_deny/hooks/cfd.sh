#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" cfd
cat <<'J'
{"continue": false, "stopReason": "STOP-S", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-R"}}
J
exit 0
