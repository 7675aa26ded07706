#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" e2mix
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
J
printf '%s\n' 'E2-STDERR-WINS' >&2
exit 2
