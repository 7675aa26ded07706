#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'EOF'
{
  "hookSpecificOutput": {
    "hookEventName": "PreToolUse",
    "permissionDecision": "deny",
    "permissionDecisionReason": "PRETTY"
  }
}
EOF
