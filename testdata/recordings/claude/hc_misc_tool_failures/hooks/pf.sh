#!/bin/bash
. "$(dirname "$0")/_capture.sh" pf
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": "FAIL-CTX"}}
__JSON__
