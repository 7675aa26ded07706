#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" anr
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}
J
exit 0
