#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo REWRITTEN-AUIC | tee -a ran.log"}, "additionalContext": "PRE-CTX-ALLOW"}}
J
exit 0
