#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
print(json.dumps({'hookSpecificOutput':{'hookEventName':'PostToolUse','additionalContext':'keys=%s resp=%r' % (sorted(d['tool_input']), d.get('tool_response'))}}))
P
