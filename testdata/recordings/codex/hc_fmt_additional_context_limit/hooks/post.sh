#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'hookSpecificOutput':{'hookEventName':'PostToolUse','additionalContext':'ACL-'+'l'*500+'-END'}}))
P
exit 0
