#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo REWRITTEN-TXT | tee -a ran.log"}}}
J
exit 0
