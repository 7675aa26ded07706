#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigsub
python3 - <<'__PY__'
import json
s = ''.join('A%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": s}}))
__PY__
