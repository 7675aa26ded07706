#!/bin/bash
. "$(dirname "$0")/_capture.sh" ctx
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
p=d['tool_input']['command']
files=re.findall(r'^\*\*\* (Add|Update|Delete) File: (.+)$', p, re.M)
print(json.dumps({'hookSpecificOutput':{'hookEventName':'PreToolUse','additionalContext':'patch touches: '+'; '.join(a+' '+f for a,f in files)}}))
P
