#!/bin/bash
. "$(dirname "$0")/_capture.sh" rmguard
python3 - "$HOOK_STDIN_FILE" <<'__PY__'
import json, sys, re
d = json.load(open(sys.argv[1]))
cmd = d.get("tool_input", {}).get("command", "")
norm = " ".join(cmd.lower().split())
if re.search(r"\brm\s+.*-[a-z]*r[a-z]*f", norm) or re.search(r"\brm\s+.*-[a-z]*f[a-z]*r", norm):
    print("BLOCKED: Dangerous rm command detected and prevented", file=sys.stderr)
    sys.exit(2)
sys.exit(0)
__PY__
