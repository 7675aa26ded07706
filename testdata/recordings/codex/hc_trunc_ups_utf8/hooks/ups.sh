#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
python3 - <<'P'
import json,sys
sys.stdout.write('é'*6000)
P
exit 0
