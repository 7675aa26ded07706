#!/bin/bash
. "$(dirname "$0")/_capture.sh" rel
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "REL-RAN"}}
__JSON__
