#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_fast
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "POST-FAST-SECOND-CONFIGURED"}}
__JSON__
