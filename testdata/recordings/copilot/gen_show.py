import json, sys, os
for p in sys.argv[1:]:
    if os.path.isdir(p): p = os.path.join(p, "observed.json")
    o = json.load(open(p))
    print("=" * 100)
    print("%s exit=%s  %s" % (o["case"], o["exit_code"], (o.get("description") or "")[:300]))
    for h in o["hook_runs"]:
        st = h["stdin"]
        s = json.dumps(st, ensure_ascii=False) if not isinstance(st, str) else st
        extra = ""
        if h.get("cwd") != "<PROJECT>": extra += " cwd=" + str(h.get("cwd"))
        print("  run %-18s exit=%s sig=%s %s%s" % (h["name"], h["exit_code"], h["signal"], s[:400], extra))
    for t in o["tool_calls"]:
        print("  tool %s %s in=%s echoed=%s\n     -> %s" % (t.get("agent", ""), t.get("name"), json.dumps(t.get("input_from_model"))[:150],
              "SAME" if t.get("input_from_model") == t.get("input_as_echoed_in_history") else json.dumps(t.get("input_as_echoed_in_history"))[:150],
              json.dumps(t.get("output_sent_to_model"))[:300]))
    for m in o["model_turns"]:
        for x in m["new_messages_since_last_assistant"]:
            if x["role"] == "user":
                print("  turn%d user: %s" % (m["turn"], json.dumps(x["content"])[:300]))
    for m in o.get("other_turns") or []:
        print("  other %s t%s tools=%d first_user=%s new=%s" % (m["kind"], m["turn"], len(m["tools"]), json.dumps((m.get("first_user_message") or {}).get("content"))[:200], json.dumps([x.get("content") for x in m["new_messages_since_last_assistant"] if x["role"] == "user"])[:200]))
    for l in o["log_hook_lines"]:
        if "Policy directory" in l or "loadDeferredRepoHooks" in l or "Failed to reload managed hooks" in l or "Loading repo hooks in prompt" in l: continue
        print("  log", l[:400])
    for e in o["stream_events"]:
        if e.get("ephemeral") and e["type"] not in ("session.info",):
            print("  stream", json.dumps(e)[:300])
    for e in o["session_hook_events"]:
        d = e.get("data", {})
        if e["type"] == "hook.end" and (d.get("output") or d.get("error") or not d.get("success")):
            print("  hook.end %s success=%s out=%s err=%s" % (d.get("hookType"), d.get("success"), json.dumps(d.get("output"))[:200], json.dumps(d.get("error"))[:300]))
    if o["stderr"]: print("  stderr", o["stderr"][:300])
    print("  final", json.dumps(o["final_message"])[:100], "side", json.dumps(o["side_effects"])[:200])
