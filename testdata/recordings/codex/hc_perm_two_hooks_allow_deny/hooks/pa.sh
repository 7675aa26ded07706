#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
J
exit 0
