#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"x": 1, "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
J
exit 0
