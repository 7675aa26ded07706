#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
__JSON__
exit 0
