#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"decision": "block", "reason": "LEGACY-R", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "HSO-R"}}
J
exit 0
