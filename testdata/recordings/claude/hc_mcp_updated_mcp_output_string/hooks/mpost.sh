#!/bin/bash
. "$(dirname "$0")/_capture.sh" mpost
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "MCP-POST-CTX", "updatedMCPToolOutput": "MCP-REPLACED-STRING"}}
__JSON__
