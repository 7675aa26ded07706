#!/bin/bash
. "$(dirname "$0")/_capture.sh" apost
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.5
python3 - <<'__PY__'
import json, os
print(json.dumps({"systemMessage": "ASYNC-SYSMSG", "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ASYNC-CTX"}}))
__PY__
