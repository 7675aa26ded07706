#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigstderr
python3 - <<'__PY__'
import sys
s = ''.join('E%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
sys.stderr.write(s)
sys.exit(2)
__PY__
