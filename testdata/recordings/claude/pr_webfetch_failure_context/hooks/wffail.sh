#!/bin/bash
. "$(dirname "$0")/_capture.sh" wffail
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": "WF-FAIL-HINT: use curl via Bash"}}
__JSON__
