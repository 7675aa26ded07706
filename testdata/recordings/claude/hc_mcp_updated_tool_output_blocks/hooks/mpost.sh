#!/bin/bash
. "$(dirname "$0")/_capture.sh" mpost
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "MCP-POST-CTX", "updatedToolOutput": [{"type": "text", "text": "MCP-UTO-BLOCKS"}]}}
__JSON__
