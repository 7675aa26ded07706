#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"hookSpecificOutput": {"additionalContext": "NO-EVNAME"}}
J
exit 0
