#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'decision':'block','reason':'BIGPB-'+'b'*50000+'-END'}))
P
exit 0
