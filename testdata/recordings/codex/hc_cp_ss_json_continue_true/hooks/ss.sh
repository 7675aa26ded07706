#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
cat <<'J'
{
  "continue": true,
  "suppressOutput": true,
  "hookSpecificOutput": {
    "hookEventName": "SessionStart",
    "additionalContext": "SS-CTX-CT"
  }
}
J
exit 0
