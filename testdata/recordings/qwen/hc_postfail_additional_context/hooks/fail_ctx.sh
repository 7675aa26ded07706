#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" fail_ctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": "FAIL-CTX <f>"}}
J
exit 0
