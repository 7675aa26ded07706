#!/bin/bash
. "$(dirname "$0")/_capture.sh" mpost
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "MCP-POST-CTX", "updatedToolOutput": "MCP-UTO-STRING"}}
__JSON__
