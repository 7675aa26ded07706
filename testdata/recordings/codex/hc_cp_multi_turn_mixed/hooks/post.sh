#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
r=d.get('tool_response')
print(json.dumps({'hookSpecificOutput':{'hookEventName':'PostToolUse','additionalContext':'%s response type=%s' % (d['tool_name'], type(r).__name__)}}))
P
