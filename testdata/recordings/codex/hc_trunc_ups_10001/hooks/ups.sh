#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
python3 - <<'P'
import json,sys
sys.stdout.write('A'*9997+'-END')
P
exit 0
