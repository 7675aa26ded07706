#!/bin/bash
. "$(dirname "$0")/_capture.sh" fmt
f=$(grep -o 'Add File: [^\\]*' "$HOOK_STDIN_FILE" | head -1 | sed 's/Add File: //')
[ -n "$f" ] && sed -i 's/.*/\U&/' "$f"
cat <<J
{
  "hookSpecificOutput": {
    "hookEventName": "PostToolUse",
    "additionalContext": "formatted $f"
  }
}
J
exit 0
