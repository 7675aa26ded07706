#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "permissionDecision": "allow"}}
J
exit 0
