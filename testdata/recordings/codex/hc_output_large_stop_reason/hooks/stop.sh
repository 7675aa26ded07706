#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'decision':'block','reason':'BIGS-'+'w'*30000+'-END'}))
P
exit 0
