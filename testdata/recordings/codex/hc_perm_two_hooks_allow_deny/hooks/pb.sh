#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
sleep 0.4
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "PERM-B-DENY"}}}
J
exit 0
