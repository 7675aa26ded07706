#!/bin/bash
. "$(dirname "$0")/_capture.sh" pp
cat <<'__J__'
{
  "decision": "block",
  "reason": "Edit violates style guide",
  "details": {"rule": "S1"},
  "hookSpecificOutput": {
    "hookEventName": "PostToolUse",
    "additionalContext": "See STYLE.md"
  }
}


__J__
