#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'hookSpecificOutput':{'hookEventName':'PostToolUse','additionalContext':'BIGCTX-'+'y'*100000+'-END'}}))
sys.stdout.write(' '*2000000)
P
exit 0
