#!/bin/bash
. "$(dirname "$0")/_capture.sh" guard
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
c=d['tool_input']['command']
if re.search(r'\brm\s+-rf\b', c):
    print(json.dumps({'hookSpecificOutput':{'hookEventName':'PreToolUse','permissionDecision':'deny','permissionDecisionReason':'rm -rf is not allowed: '+c}}))
sys.exit(0)
P
