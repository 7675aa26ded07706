#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigpost10k
python3 - <<'__PY__'
import json
s = ''.join('L%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:10000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": s}}))
__PY__
