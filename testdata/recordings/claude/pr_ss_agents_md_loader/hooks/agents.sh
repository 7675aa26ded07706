#!/bin/bash
. "$(dirname "$0")/_capture.sh" agents
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, os
p = os.path.join(os.environ["CLAUDE_PROJECT_DIR"], "AGENTS.md")
txt = open(p).read() if os.path.exists(p) else ""
print(json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "AGENTS.md:\n" + txt}}))
__PY__
