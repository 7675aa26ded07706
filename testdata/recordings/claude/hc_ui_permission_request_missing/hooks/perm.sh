#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"description": "gone"}}}}
__JSON__
