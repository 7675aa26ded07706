#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigasync
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.3
python3 - <<'__PY__'
import json
s = ''.join('Y%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": s}}))
__PY__
