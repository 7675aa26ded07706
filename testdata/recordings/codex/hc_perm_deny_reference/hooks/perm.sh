#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "DENIED-K2"}}}
J
exit 0
