#!/bin/bash
. "$(dirname "$0")/_capture.sh" guard
cmd=$(jq -r '.tool_input.command // empty' "$HOOK_STDIN_FILE")
if printf '%s' "$cmd" | grep -Eq 'git push.*(--force|-f)'; then echo "Blocked: force push ($cmd)" >&2; exit 2; fi
exit 0
