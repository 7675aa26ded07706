#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
top=$(git rev-parse --show-toplevel 2>/dev/null)
pc=$(jq -r .cwd "$HOOK_STDIN_FILE")
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"pwd=%s top=%s payload_cwd=%s home_set=%s"}}' "$(basename "$PWD")" "$(basename "$top")" "$(basename "$pc")" "${CODEX_HOME:+yes}"
exit 0
