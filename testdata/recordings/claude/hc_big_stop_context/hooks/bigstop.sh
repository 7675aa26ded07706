#!/bin/bash
. "$(dirname "$0")/_capture.sh" bigstop
if hook_input_true stop_hook_active; then exit 0; fi
python3 - <<'__PY__'
import json
s = ''.join('Z%05d abcdefghijklmnopqrstuvwxyz0123456789\n' % i for i in range(2000))[:12000]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": s}}))
__PY__
