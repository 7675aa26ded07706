#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"continue": false, "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
J
exit 0
