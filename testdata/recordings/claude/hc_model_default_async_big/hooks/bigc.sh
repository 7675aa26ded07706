#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigc
python3 - <<'__PY__'
import json
s=''.join('L%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(400))[:12000]
print(json.dumps({'hookSpecificOutput': {'hookEventName': 'PostToolUse', 'additionalContext': s}}))
__PY__
