#!/bin/bash
. "$(dirname "$0")/_capture.sh" envg
p=$(jq -r '.tool_input.file_path // .tool_input.command // ""' "$HOOK_STDIN_FILE")
case "$p" in
  *.env|*".env "*|*.env) jq -n --arg p "$p" '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:("Access to .env files is blocked: " + $p)}}' | sed "s#$CLAUDE_PROJECT_DIR#<proj>#g" ;;
  *) exit 0 ;;
esac
