#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" btctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "BeforeTool", "additionalContext": "BT-CTX <x>"}}
J
exit 0
