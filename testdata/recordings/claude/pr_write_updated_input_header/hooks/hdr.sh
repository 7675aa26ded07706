#!/bin/bash
. "$(dirname "$0")/_capture.sh" hdr
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, sys
d = json.load(open(sys.argv[1]))
ti = dict(d["tool_input"])
if not ti["content"].startswith("// SPDX"):
    ti["content"] = "// SPDX-License-Identifier: MIT\n" + ti["content"]
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": ti}}))
__PY__
