#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigdeny
python3 - <<'__PY__'
import json
s = ''.join('D%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": s}}))
__PY__
