#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" allow_a
sleep 0.3
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
J
exit 0
