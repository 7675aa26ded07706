#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 0.4
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "PERM-A"}}}
J
exit 0
