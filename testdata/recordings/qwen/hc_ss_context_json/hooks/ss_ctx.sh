#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_ctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX <tag>"}}
J
exit 0
