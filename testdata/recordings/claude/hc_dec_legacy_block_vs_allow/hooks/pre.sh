#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'__JSON__'
{"decision": "block", "reason": "LEGACY-BLOCK-R", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
__JSON__
