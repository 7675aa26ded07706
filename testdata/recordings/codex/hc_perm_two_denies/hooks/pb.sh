#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "PERM-B"}}}
J
exit 0
