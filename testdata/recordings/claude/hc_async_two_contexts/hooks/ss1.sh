#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss1
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "SYNC-ONE"}}
__JSON__
