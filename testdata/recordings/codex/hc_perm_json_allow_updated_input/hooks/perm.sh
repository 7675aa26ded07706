#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "echo REWRITTEN-PUI | tee -a ran.log"}}}}
J
exit 0
