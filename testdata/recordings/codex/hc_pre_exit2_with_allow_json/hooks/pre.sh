#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'EXIT2-REASON: stderr wins?' >&2
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo REWRITTEN-E2J | tee -a ran.log"}}}
J
exit 2
