#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "echo PERM-REWRITE | tee -a ran.log", "description": "rw"}}}}
__JSON__
