#!/bin/bash
. "$(dirname "$0")/_capture.sh" bom_ws_first
printf ' \xef\xbb\xbf'
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "WS-THEN-BOM"}}
__JSON__
