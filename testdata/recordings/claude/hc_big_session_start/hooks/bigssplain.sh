#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigssplain
sleep 0.5
python3 - <<'__PY__'
import sys
s = ''.join('T%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:11000]
sys.stdout.write(s)
__PY__
