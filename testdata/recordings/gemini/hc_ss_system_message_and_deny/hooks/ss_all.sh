#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_all
cat <<'J'
{"decision": "deny", "continue": false, "reason": "SS-R", "systemMessage": "SS-SM", "hookSpecificOutput": {"additionalContext": "SS-CTX"}}
J
exit 0
