#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "INLINE-TOML-DENY"}}
J
exit 0
