#!/bin/bash
. "$(dirname "$0")/_capture.sh" upe
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "UserPromptExpansion", "additionalContext": "UPE-CTX"}}
__JSON__
