#!/bin/bash
. "$(dirname "$0")/_capture.sh" lock
case "$(jq -r .tool_input.file_path "$HOOK_STDIN_FILE")" in
  *package-lock.json) cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "🔒 lockfiles are generated — 生成されたファイル", "additionalContext": "Run npm install instead."}}
__JSON__;;
esac
