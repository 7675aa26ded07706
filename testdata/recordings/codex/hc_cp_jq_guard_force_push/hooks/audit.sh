#!/bin/bash
. "$(dirname "$0")/_capture.sh" audit
jq -c '{t:.tool_name,c:.tool_input.command}' "$HOOK_STDIN_FILE" >> "$HOME/audit.log"
exit 0
