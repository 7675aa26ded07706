#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" upe
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "UserPromptExpansion", "additionalContext": "UPE-CTX <x> & y"}}
J
exit 0
