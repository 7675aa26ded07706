#!/bin/bash
. "$(dirname "$0")/_capture.sh" mcpg
grep -q write_note "$HOOK_STDIN_FILE" && { cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "MCP writes need review"}}
__JSON__
exit 0; }
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "MCP-AUDIT-CTX"}}
__JSON__
