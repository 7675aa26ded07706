#!/bin/bash
. "$(dirname "$0")/_capture.sh" rw
jq '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"allow",updatedInput:{command:(.tool_input.command + " && echo WRAPPED | tee -a ran.log")}}}' "$HOOK_STDIN_FILE"
exit 0
