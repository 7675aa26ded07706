#!/bin/bash
. "$(dirname "$0")/_capture.sh" ssf
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "SS-CTX-F", "initialUserMessage": "INITIAL-USER-MESSAGE", "sessionTitle": "TITLE-X", "watchPaths": ["/nonexistent/watch.txt"], "reloadSkills": true}}
__JSON__
