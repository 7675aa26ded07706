#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
if grep -q agentId "$HOOK_STDIN_FILE"; then
cat <<'JSON'
{"permissionDecision": "deny", "permissionDecisionReason": "SUB-DENY"}
JSON
fi
