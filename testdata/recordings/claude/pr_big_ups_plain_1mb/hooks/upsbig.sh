#!/bin/bash
. "$(dirname "$0")/_capture.sh" upsbig
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import sys
sys.stdout.write(''.join('ctx line %07d\n' % i for i in range(1200000 // 17 + 1))[:1200000])
__PY__
