#!/bin/bash
. "$(dirname "$0")/_capture.sh" guard
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
p=d['tool_input'].get('command','')
files=re.findall(r'^\*\*\* (?:Add|Update|Delete) File: (.+)$', p, re.M)
bad=[f for f in files if os.path.basename(f).startswith('.env')]
if bad:
    sys.stderr.write('refusing to edit secrets file(s): %s\n' % ', '.join(bad))
    sys.exit(2)
sys.exit(0)
P
