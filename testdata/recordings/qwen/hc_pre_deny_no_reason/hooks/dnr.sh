#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" dnr
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}
J
exit 0
