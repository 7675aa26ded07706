#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigerr
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import sys
sys.stderr.write(''.join('lint error %05d: something is wrong here\n' % i for i in range(1000))[:40000])
sys.exit(2)
__PY__
