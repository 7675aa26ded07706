#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_ctx2
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps({"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"POST-CTX-"+d["tool_use_id"]}}))' "$HOOK_STDIN_FILE"
