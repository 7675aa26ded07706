#!/bin/bash
. "$(dirname "$0")/_capture.sh" tx
n=$(( $(cat "$CLAUDE_PROJECT_DIR/.txn" 2>/dev/null || echo 0) + 1 ))
echo $n > "$CLAUDE_PROJECT_DIR/.txn"
# The transcript's conversation entries (the oracle keeps 4000 bytes of a
# file): user and assistant messages whole, other entries by type only.
python3 - "$HOOK_STDIN_FILE" > "$CLAUDE_PROJECT_DIR/transcript-$n.jsonl" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["transcript_path"]
for line in open(p):
    d = json.loads(line)
    t = d.get("type")
    if t in ("user", "assistant"):
        out = {"type": t, "content": d["message"]["content"]}
        for k in ("isMeta", "toolUseResult", "sourceToolAssistantUUID"):
            if k in d:
                out[k] = True
        print(json.dumps(out))
    elif t == "attachment":
        a = d.get("attachment", {})
        r = d.get("rendered")
        out = {"type": t, "attachment": a.get("type")}
        if a.get("type", "").startswith("hook"):
            out["rendered"] = r
            out["renderedRole"] = d.get("renderedRole")
        print(json.dumps(out))
    else:
        print(json.dumps({"type": t}))
PY
if [ "$n" = 1 ]; then echo "FIX-THE-TESTS" >&2; exit 2; fi
exit 0
