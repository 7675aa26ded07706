#!/bin/bash
. "$(dirname "$0")/_capture.sh" addrule
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedPermissions": [{"type": "addRules", "rules": [{"toolName": "Bash", "ruleContent": "echo A | tee -a ran.log"}], "behavior": "allow", "destination": "session"}]}}}
__JSON__
