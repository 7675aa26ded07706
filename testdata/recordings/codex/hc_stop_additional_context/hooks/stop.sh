#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "STOP-CTX"}}
J
exit 0
