#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_any
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps({"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"SS-"+d["source"]}}))' "$HOOK_STDIN_FILE"
