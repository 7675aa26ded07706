#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "echo PERM-REWRITE | tee -a ran.log"}}}}
J
exit 0
