#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" prectx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "additionalContext": "PRE-CTX <x>"}}
J
exit 0
