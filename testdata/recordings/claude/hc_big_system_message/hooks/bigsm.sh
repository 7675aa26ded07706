#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigsm
python3 - <<'__PY__'
import json
s = ''.join('M%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"systemMessage": s}))
__PY__
