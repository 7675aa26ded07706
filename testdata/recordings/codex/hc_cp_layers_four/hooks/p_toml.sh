#!/bin/bash
. "$(dirname "$0")/_capture.sh" p_toml
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "DENY-P-TOML"}}
J
exit 0
