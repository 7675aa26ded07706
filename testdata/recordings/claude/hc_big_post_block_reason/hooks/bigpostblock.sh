#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigpostblock
python3 - <<'__PY__'
import json
s = ''.join('B%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"decision": "block", "reason": s}))
__PY__
