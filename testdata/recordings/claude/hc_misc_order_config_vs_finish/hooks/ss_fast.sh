#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_fast
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-FAST-SECOND-CONFIGURED"}}
__JSON__
