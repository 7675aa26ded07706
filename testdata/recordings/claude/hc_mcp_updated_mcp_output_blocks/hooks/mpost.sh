#!/bin/bash
. "$(dirname "$0")/_capture.sh" mpost
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "MCP-POST-CTX", "updatedMCPToolOutput": [{"type": "text", "text": "MCP-REPLACED-BLOCKS"}]}}
__JSON__
