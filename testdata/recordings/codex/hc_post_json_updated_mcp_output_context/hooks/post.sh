#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedMCPToolOutput": "x", "additionalContext": "POST-CTX-MCP"}}
J
exit 0
