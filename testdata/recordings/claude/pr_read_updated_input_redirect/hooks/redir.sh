#!/bin/bash
. "$(dirname "$0")/_capture.sh" redir
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, sys, os
d = json.load(open(sys.argv[1]))
ti = dict(d["tool_input"])
if ti.get("file_path", "").endswith("secret.txt"):
    ti["file_path"] = os.path.join(os.environ["CLAUDE_PROJECT_DIR"], "secret.redacted.txt")
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                      "permissionDecisionReason": "redirected to redacted copy", "updatedInput": ti}}))
__PY__
