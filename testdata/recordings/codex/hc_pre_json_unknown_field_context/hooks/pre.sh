#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"x": 1, "hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "UNK-CTX"}}
J
exit 0
