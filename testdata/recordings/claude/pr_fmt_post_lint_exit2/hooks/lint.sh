#!/bin/bash
. "$(dirname "$0")/_capture.sh" lint
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, sys
d = json.load(open(sys.argv[1]))
ti = d["tool_input"]
text = ti.get("content") or ti.get("new_string") or ""
bad = [i + 1 for i, l in enumerate(text.split("\n")) if len(l) > 20]
if bad:
    for n in bad:
        sys.stderr.write("%s:%d:21: E501 line too long\n" % (ti["file_path"].rsplit("/", 1)[-1], n))
    sys.exit(2)
__PY__
