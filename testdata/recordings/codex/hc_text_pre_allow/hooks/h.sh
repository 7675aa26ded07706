#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
J
exit 0
