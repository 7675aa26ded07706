#!/bin/bash
. "$(dirname "$0")/_capture.sh" pguard
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
p=d['tool_input']['command']
if 'secrets/' in p:
    print(json.dumps({'hookSpecificOutput':{'hookEventName':'PreToolUse','permissionDecision':'deny','permissionDecisionReason':'secrets/ is read-only'}}))
P
