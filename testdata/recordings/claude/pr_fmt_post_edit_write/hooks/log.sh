#!/bin/bash
. "$(dirname "$0")/_capture.sh" log
jq -c '{e: .hook_event_name, t: .tool_name}' "$HOOK_STDIN_FILE" >> "$CLAUDE_PROJECT_DIR"/hook.log
