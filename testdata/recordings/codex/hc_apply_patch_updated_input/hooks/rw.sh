#!/bin/bash
. "$(dirname "$0")/_capture.sh" rw
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "*** Begin Patch\n*** Add File: rewritten.txt\n+rw\n*** End Patch"}}}
J
exit 0
