#!/bin/bash
. "$(dirname "$0")/_capture.sh" toml_pre
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "TOML-DENY"}}
J
exit 0
