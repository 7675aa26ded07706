#!/bin/bash
. "$(dirname "$0")/_capture.sh" um
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "UPS-MISMATCH"}}
__JSON__
