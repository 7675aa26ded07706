#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" perm_deny
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "PERM-NO"}}}
J
exit 0
