#!/bin/bash
. "$(dirname "$0")/_capture.sh" pb
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'hookSpecificOutput':{'hookEventName':'PostToolUse','additionalContext':'CB-'+'b'*8000}}))
P
exit 0
