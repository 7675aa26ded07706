#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'hookSpecificOutput':{'hookEventName':'SessionStart','additionalContext':'BIGSS-'+'s'*50000+'-END'}}))
P
exit 0
