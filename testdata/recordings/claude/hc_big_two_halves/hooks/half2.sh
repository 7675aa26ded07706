#!/bin/bash
. "$(dirname "$0")/_capture.sh" half2
python3 - <<'__PY__'
import json
s = ''.join('I%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:6000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": s}}))
__PY__
