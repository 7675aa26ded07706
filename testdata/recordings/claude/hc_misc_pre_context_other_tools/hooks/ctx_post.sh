#!/bin/bash
. "$(dirname "$0")/_capture.sh" ctx_post
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps({"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"POST-"+d["tool_name"]}}))' "$HOOK_STDIN_FILE"
