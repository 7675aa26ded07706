#!/bin/bash
. "$(dirname "$0")/_capture.sh" rw
c=$(jq -r .tool_input.command "$HOOK_STDIN_FILE")
case "$c" in *SLOW*) jq -n --arg c "${c/SLOW/FAST}" '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"allow",updatedInput:{command:$c}}}';; esac
exit 0
