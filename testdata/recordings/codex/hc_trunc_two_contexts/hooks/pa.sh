#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'hookSpecificOutput':{'hookEventName':'PostToolUse','additionalContext':'CA-'+'a'*8000}}))
P
exit 0
