#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-d}"
cat <<'JSON'
{"permissionDecision": "deny", "permissionDecisionReason": "FIRST-DENY"}
JSON
