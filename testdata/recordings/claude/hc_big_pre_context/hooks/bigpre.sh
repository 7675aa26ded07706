#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigpre
python3 - <<'__PY__'
import json
s = ''.join('P%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": s}}))
__PY__
