#!/bin/bash
. "$(dirname "$0")/_capture.sh" pd
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "defer"}}
__JSON__
