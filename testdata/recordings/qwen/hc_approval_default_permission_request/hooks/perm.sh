#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
J
exit 0
