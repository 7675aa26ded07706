#!/bin/sh
# PostToolUse hook for Edit and Write.
#
# The file is already written, so this hook cannot block; JSON on stdout
# adds context that the model reads before its next step.
cat >/dev/null
cat <<'JSON'
{
  "hookSpecificOutput": {
    "hookEventName": "PostToolUse",
    "additionalContext": "A file was changed: run the tests before you finish."
  }
}
JSON
