#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" mixed
cat <<'J'
{"decision": "deny", "reason": "TOP-DENY", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
J
exit 0
