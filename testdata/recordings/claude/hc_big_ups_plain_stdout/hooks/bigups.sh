#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigups
python3 - <<'__PY__'
import sys
s = ''.join('U%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
sys.stdout.write(s)
__PY__
