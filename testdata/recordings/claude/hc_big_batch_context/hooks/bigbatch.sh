#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigbatch
python3 - <<'__PY__'
import json
s = ''.join('K%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolBatch", "additionalContext": s}}))
__PY__
