#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigss
python3 - <<'__PY__'
import json
s = ''.join('S%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": s}}))
__PY__
