#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
python3 - <<'P'
import json,sys
sys.stdout.write('\n'.join('line %03d '%i + 'x'*21 for i in range(400)))
P
exit 0
