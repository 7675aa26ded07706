#!/bin/bash
. "$(dirname "$0")/_capture.sh" fmt
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, sys, re
d = json.load(open(sys.argv[1]))
p = d.get("tool_input", {}).get("file_path", "")
if p.endswith(".py"):
    src = open(p).read()
    open(p, "w").write("\n".join(l.rstrip() for l in src.split("\n")))
__PY__
