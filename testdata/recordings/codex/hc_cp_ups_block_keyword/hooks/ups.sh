#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
python3 - "$HOOK_STDIN_FILE" <<'P'
import json,sys,os,re
d=json.load(open(sys.argv[1]))
if 'password' in d['prompt'].lower():
    print(json.dumps({'decision':'block','reason':'prompt mentions a password'}, indent=4))
P
