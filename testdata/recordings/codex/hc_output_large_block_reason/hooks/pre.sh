#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
python3 - <<'P'
import json,sys
sys.stdout.write(json.dumps({'hookSpecificOutput':{'hookEventName':'PreToolUse','permissionDecision':'deny','permissionDecisionReason':'BIGR-'+'z'*50000+'-END'}}))
P
exit 0
