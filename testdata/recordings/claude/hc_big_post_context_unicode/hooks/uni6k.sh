#!/bin/bash
. "$(dirname "$0")/_capture.sh" uni6k
python3 - <<'__PY__'
import json
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "\u00e9" * 6000}}))
__PY__
