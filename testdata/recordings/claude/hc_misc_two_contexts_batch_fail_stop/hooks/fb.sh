#!/bin/bash
. "$(dirname "$0")/_capture.sh" fb
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": "FAIL-FAST"}}
__JSON__
