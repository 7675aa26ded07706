#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"systemMessage": "PERM-SYSMSG", "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
J
exit 0
