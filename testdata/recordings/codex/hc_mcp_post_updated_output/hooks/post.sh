#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedMCPToolOutput": {"content": [{"type": "text", "text": "REPLACED-MCP"}]}, "additionalContext": "MCP-CTX"}}
J
exit 0
