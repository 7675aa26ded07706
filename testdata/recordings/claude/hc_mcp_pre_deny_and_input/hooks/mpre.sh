#!/bin/bash
. "$(dirname "$0")/_capture.sh" mpre
grep -q echo_text "$HOOK_STDIN_FILE" && { echo 'NO-MCP-ECHO' >&2; exit 2; }
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"note": "REWRITTEN-NOTE"}}}
__JSON__
