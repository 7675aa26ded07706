#!/bin/bash
. "$(dirname "$0")/_capture.sh" uni10k5
python3 - <<'__PY__'
import json
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "X" + "\u00e9" * 10499}}))
__PY__
