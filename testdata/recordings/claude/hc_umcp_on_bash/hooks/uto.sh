#!/bin/bash
. "$(dirname "$0")/_capture.sh" uto
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedMCPToolOutput": "REPLACED-MCP"}}
__JSON__
