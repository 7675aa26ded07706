#!/bin/bash
. "$(dirname "$0")/_capture.sh" todo
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, sys, os
d = json.load(open(sys.argv[1]))
if d.get("stop_hook_active"):
    sys.exit(0)
items = [l[6:].strip() for l in open(os.path.join(d["cwd"], "TODO.md")) if l.startswith("- [ ] ")]
if items:
    print(json.dumps({"decision": "block", "reason": "Unfinished TODO items:\n" + "\n".join("- " + i for i in items)}))
__PY__
