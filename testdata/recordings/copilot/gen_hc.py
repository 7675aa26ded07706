"""hookcompat's case generator helpers for the Copilot oracle copy (case folders as the shared oracle's)."""
import json, os, shutil

ROOT = os.path.dirname(os.path.abspath(__file__))

CAMEL = ["sessionStart", "sessionEnd", "userPromptSubmitted", "userPromptTransformed", "preToolUse", "preMcpToolCall",
         "postToolUse", "postToolUseFailure", "permissionRequest", "agentStop", "subagentStart", "subagentStop",
         "errorOccurred", "preCompact", "notification"]
PASCAL = ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
          "PermissionRequest", "Stop", "SubagentStart", "SubagentStop", "ErrorOccurred", "PreCompact", "Notification"]

HEAD = '#!/bin/bash\n__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-%s}"\n'


def entry(script, label=None, **kw):
    e = {"type": "command", "bash": "{{HOOKS}}/%s.sh%s" % (script, (" " + label) if label else "")}
    e.update(kw)
    return e


def shell(cmd, desc=None, **extra):
    d = {"type": "shell", "command": cmd, "description": desc or "run " + cmd[:40]}
    if extra:
        d["extra_args"] = extra
    return d


def call(_tool, **args):
    return {"type": "function_call", "name": _tool, "arguments": args}


def text(t):
    return {"type": "text", "text": t}


def turn(*items, **kw):
    d = {"output": list(items)}
    d.update(kw)
    return d


def case(name, desc, hooks=None, scripts=None, turns=None, agents=None, raw_hooks=None, hooks_text=None, **opts):
    d = os.path.join(ROOT, name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "hooks"))
    spec = {"description": desc}
    spec.update(opts)
    json.dump(spec, open(os.path.join(d, "case.json"), "w"), indent=2)
    if hooks_text is not None:
        open(os.path.join(d, "hooks.json"), "w").write(hooks_text)
    elif raw_hooks is not None:
        json.dump(raw_hooks, open(os.path.join(d, "hooks.json"), "w"), indent=2)
    elif hooks is not None:
        json.dump({"version": 1, "hooks": hooks}, open(os.path.join(d, "hooks.json"), "w"), indent=2)
    for sname, body in (scripts or {}).items():
        p = os.path.join(d, "hooks", sname + ".sh")
        open(p, "w").write(HEAD % sname + body.rstrip("\n") + "\n")
        os.chmod(p, 0o755)
    if not os.listdir(os.path.join(d, "hooks")):
        os.rmdir(os.path.join(d, "hooks"))
    model = {"turns": turns or [turn(text("ok"))]}
    if agents:
        model["agents"] = agents
    json.dump(model, open(os.path.join(d, "model.json"), "w"), indent=2)
    return d


CAP = "exit 0\n"  # capture only


def all_events(names, script="cap"):
    return {e: [entry(script, e)] for e in names}
