#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" at_dc
cat <<'J'
{"decision": "deny", "reason": "AT-DENY-R", "hookSpecificOutput": {"additionalContext": "AT-CTX"}}
J
exit 0
