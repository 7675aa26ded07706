#!/bin/bash
. "$(dirname "$0")/_capture.sh" il
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "InstructionsLoaded", "additionalContext": "IL-CTX"}}
__JSON__
