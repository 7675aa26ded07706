#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" wguard
fp=$(jq -r '.tool_input.file_path // ""' "$HOOK_STDIN_FILE")
case "$fp" in
  *.env|*/.env) echo "Refusing to write secrets file $(basename "$fp")" >&2; exit 2 ;;
esac
exit 0
