#!/usr/bin/env python3
"""compare.py - run several Claude Code hook converters over one corpus and count what survives.

Usage:
  compare.py [--hookcompat BIN] [--hookcompat-cursor BIN] [--gemini BIN] [--rulesync BIN]
             [--hookcompat-gemini BIN] [--syllago-gemini BIN] [--hookcompat-qwen BIN]
             [--rulesync-qwen BIN] [--details FILE]
             [--keep DIR] [--jobs N] [--timeout S] CORPUS_DIR_OR_FILE...

Converters (each optional; give the path of its executable):
  --hookcompat BIN  `BIN convert --target native --warnings-json FILE`  -> native TOML on stdout
  --hookcompat-cursor BIN  `BIN convert --target cursor --shim … --warnings-json FILE`
                    -> .cursor/hooks.json on stdout (entries calling the shim)
  --gemini BIN      `BIN hooks migrate --from-claude` in a scratch project whose
                    .claude/settings.json is the corpus file -> .gemini/settings.json
  --rulesync BIN    `BIN convert --from claudecode --to cursor --features hooks` in the same
                    kind of scratch project -> .cursor/hooks.json
  --hookcompat-gemini BIN  `BIN convert --target gemini --warnings-json FILE` -> Gemini settings
  --syllago-gemini BIN     `BIN convert FILE --from claude-code --to gemini-cli --type hooks`
  --hookcompat-qwen BIN    `BIN convert --target qwen --warnings-json FILE` -> Qwen Code settings
  --rulesync-qwen BIN      `BIN convert --from claudecode --to qwencode --features hooks`
                           -> .qwen/settings.json

Every run gets its own scratch directory and HOME, so no real configuration is read or written.
Prints one Markdown table; --details writes every lost construct per file and converter.
Standard library only (Python 3.11+ for tomllib). See README.md beside this file for the rules.
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from json.decoder import scanstring

# ---------------------------------------------------------------------------------------------
# Claude Code side: events, matcher rule, the values a matcher is compared against
# ---------------------------------------------------------------------------------------------

CLAUDE_EVENTS = [
    "SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse",
    "PostToolUseFailure", "SubagentStart", "SubagentStop", "Stop", "PreCompact", "PostCompact",
    "Notification", "SessionEnd", "Setup", "InstructionsLoaded", "UserPromptExpansion",
    "MessageDisplay", "PermissionDenied", "PostToolBatch", "TaskCreated", "TaskCompleted",
    "StopFailure", "TeammateIdle", "ConfigChange", "CwdChanged", "DirectoryAdded", "FileChanged",
    "WorktreeCreate", "WorktreeRemove", "PreModelSwitch", "PostModelSwitch", "Elicitation",
    "ElicitationResult",
]
HANDLER_TYPES = ("command", "http", "prompt", "agent")
TOOL_EVENTS = {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"}
NO_MATCHER_EVENTS = {"UserPromptSubmit", "PostToolBatch", "Stop", "TeammateIdle", "TaskCreated",
                     "TaskCompleted", "WorktreeCreate", "WorktreeRemove", "MessageDisplay", "CwdChanged"}

# Current Claude Code tool names (claude spec §5.1); legacy names (Task, MultiEdit, LS) no longer fire.
CLAUDE_TOOLS = ["Bash", "PowerShell", "Read", "Write", "Edit", "Glob", "Grep", "WebFetch", "WebSearch",
                "Agent", "NotebookEdit", "TodoWrite", "TaskCreate", "TaskUpdate", "TaskGet", "TaskList",
                "TaskStop", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "Skill", "Monitor",
                "Workflow", "CronCreate", "ScheduleWakeup", "EnterWorktree", "ExitWorktree"]
MCP_SAMPLES = ["mcp__github__create_issue", "mcp__context7__get-library-docs",
               "mcp__memory__create_entities", "mcp__filesystem__write_file",
               "mcp__claude-prompts__prompt_engine"]
# Values of the matched field of non-tool events (claude spec §3.2).
EVENT_VALUES = {
    "SessionStart": ["startup", "resume", "clear", "compact", "fork"],
    "Setup": ["init", "maintenance"],
    "SessionEnd": ["clear", "resume", "logout", "prompt_input_exit", "other"],
    "Notification": ["permission_prompt", "idle_prompt", "auth_success", "elicitation_dialog",
                     "elicitation_url_dialog", "elicitation_complete", "elicitation_response",
                     "agent_needs_input", "agent_completed"],
    "SubagentStart": ["general-purpose", "Explore", "Plan"],
    "SubagentStop": ["general-purpose", "Explore", "Plan", ""],
    "PreCompact": ["manual", "auto"],
    "PostCompact": ["manual", "auto"],
    "ConfigChange": ["user_settings", "project_settings", "local_settings", "policy_settings", "skills"],
    "DirectoryAdded": ["slash_command", "register_repo_root"],
    "FileChanged": [".env", ".envrc"],
    "StopFailure": ["rate_limit", "overloaded", "authentication_failed", "billing_error",
                    "invalid_request", "model_not_found", "server_error", "max_output_tokens", "unknown"],
    "InstructionsLoaded": ["session_start", "nested_traversal", "path_glob_match", "include", "compact"],
}
EXACT_CHARS = re.compile(r"^[A-Za-z0-9_ \-,|]*$")
EXACT_CHARS_NARROW = re.compile(r"^[A-Za-z0-9_|]*$")


def trivial_matcher(m):
    return m is None or (isinstance(m, str) and m.strip() in ("", "*"))


def claude_matches(event, matcher, value):
    """Claude Code's matcher rule (claude spec §3.1)."""
    if trivial_matcher(matcher):
        return True
    narrow = event in ("FileChanged", "StopFailure")
    if (EXACT_CHARS_NARROW if narrow else EXACT_CHARS).match(matcher):
        alts = re.split(r"[|]" if narrow else r"[|,]", matcher)
        return value in {a.strip() for a in alts}
    try:
        return re.search(matcher, value) is not None
    except re.error:
        return False


def value_universe(event, matcher):
    """The values a matcher of `event` can be compared against. MCP tool names are tried only
    for matchers that mention mcp or are regexes, so a target's looser regex (Gemini's unanchored write_file
    also matching mcp_filesystem_write_file) is not counted against it."""
    if event in TOOL_EVENTS:
        vals = list(CLAUDE_TOOLS)
        if isinstance(matcher, str) and ("mcp" in matcher.lower() or not EXACT_CHARS.match(matcher)):
            vals += list(MCP_SAMPLES)
            vals += [w for w in re.findall(r"mcp__[A-Za-z0-9_\-]+__[A-Za-z0-9_\-]+", matcher) if w not in vals]
        return vals
    vals = list(EVENT_VALUES.get(event, ["x"]))
    if isinstance(matcher, str) and EXACT_CHARS.match(matcher):  # open value sets: add the named ones
        vals += [a.strip() for a in re.split(r"[|,]", matcher) if a.strip() and a.strip() not in vals]
    return vals


PD_VAR = re.compile(r'"?\$\{?(?:CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR|CURSOR_PROJECT_DIR)\}?"?(?=/)')


def norm_cmd(s):
    """Command text with the converters' documented project-dir rewrites undone:
    "$CLAUDE_PROJECT_DIR"/x, ${GEMINI_PROJECT_DIR}/x and a leading ./x all read as ./x."""
    s = s.strip()
    s = PD_VAR.sub(".", s)
    return s


def handler_key(kind, h):
    if kind == "command":
        return norm_cmd(h.get("command", ""))
    if kind == "http":
        return h.get("url", "")
    return h.get("prompt", "")


def handler_payload(kind, key, args=None, headers=None):
    if kind == "command":
        return ("command", key, tuple(args) if args else None)  # args: [] runs the same program
    if kind == "http":
        return ("http", key, tuple(sorted(headers or ())))
    return (kind, key)


# ---------------------------------------------------------------------------------------------
# JSON with positions (to place hookcompat's file:line:col warnings on handlers and groups)
# ---------------------------------------------------------------------------------------------

NUM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
WS = re.compile(r"[ \t\n\r]*")


@dataclass
class Node:
    kind: str
    start: int
    end: int = 0
    items: list = field(default_factory=list)  # obj: (key, key_start, Node); arr: Node
    value: object = None


def parse_pos(s, i=0):
    i = WS.match(s, i).end()
    c = s[i]
    if c == "{":
        n = Node("obj", i)
        i = WS.match(s, i + 1).end()
        if s[i] == "}":
            n.end = i + 1
            return n, i + 1
        while True:
            i = WS.match(s, i).end()
            ks = i
            key, i = scanstring(s, i + 1)
            i = WS.match(s, i).end() + 1  # ':'
            v, i = parse_pos(s, i)
            n.items.append((key, ks, v))
            i = WS.match(s, i).end()
            if s[i] == ",":
                i += 1
                continue
            n.end = i + 1
            return n, i + 1
    if c == "[":
        n = Node("arr", i)
        i = WS.match(s, i + 1).end()
        if s[i] == "]":
            n.end = i + 1
            return n, i + 1
        while True:
            v, i = parse_pos(s, i)
            n.items.append(v)
            i = WS.match(s, i).end()
            if s[i] == ",":
                i += 1
                continue
            n.end = i + 1
            return n, i + 1
    if c == '"':
        v, j = scanstring(s, i + 1)
        return Node("val", i, j, value=v), j
    for lit, val in (("true", True), ("false", False), ("null", None)):
        if s.startswith(lit, i):
            return Node("val", i, i + len(lit), value=val), i + len(lit)
    m = NUM.match(s, i)
    if not m:
        raise ValueError(f"bad JSON at {i}")
    return Node("val", i, m.end(), value=json.loads(m.group())), m.end()


def obj_get(node, key):
    for k, ks, v in node.items:
        if k == key:
            return ks, v
    return None, None


# ---------------------------------------------------------------------------------------------
# Input model
# ---------------------------------------------------------------------------------------------

@dataclass
class Handler:
    idx: int
    event: str
    gi: int
    hi: int
    kind: str
    key: str
    payload: tuple
    timeout: object
    matcher: object
    span: tuple
    line: int
    col: int
    snippet: str


@dataclass
class Group:
    event: str
    gi: int
    matcher: object
    span: tuple
    handlers: list


@dataclass
class Source:
    path: str
    name: str
    text: str
    handlers: list
    groups: list
    events: dict  # event -> span
    skipped_unknown: int = 0


def line_starts(text):
    starts = [0]
    for m in re.finditer("\n", text):
        starts.append(m.end())
    return starts


def load_source(path):
    raw = open(path, "rb").read().decode("utf-8-sig")
    src = Source(path, os.path.basename(path), raw, [], [], {})
    try:
        root, _ = parse_pos(raw)
    except Exception:
        return src
    if root.kind != "obj":
        return src
    _, hooks = obj_get(root, "hooks")
    if hooks is not None and hooks.kind == "obj":
        _, inner = obj_get(hooks, "hooks")
        if inner is not None and inner.kind == "obj":
            hooks = inner
    if hooks is None or hooks.kind != "obj":
        return src
    ls = line_starts(raw)

    def lc(off):
        import bisect
        ln = bisect.bisect_right(ls, off)
        return ln, off - ls[ln - 1] + 1

    for ev, ks, evnode in hooks.items:
        if ev not in CLAUDE_EVENTS:
            src.skipped_unknown += 1
            continue
        if evnode.kind != "arr":
            continue
        src.events[ev] = (ks, evnode.end)
        for gi, g in enumerate(evnode.items):
            if g.kind != "obj":
                continue
            _, mnode = obj_get(g, "matcher")
            matcher = mnode.value if mnode is not None and mnode.kind == "val" else None
            grp = Group(ev, gi, matcher, (g.start, g.end), [])
            _, hs = obj_get(g, "hooks")
            if hs is None or hs.kind != "arr":
                continue
            for hi, hn in enumerate(hs.items):
                if hn.kind != "obj":
                    continue
                h = {k: (v.value if v.kind == "val" else _plain(v)) for k, _, v in hn.items}
                kind = h.get("type")
                if kind not in HANDLER_TYPES:
                    continue
                need = {"command": "command", "http": "url", "prompt": "prompt", "agent": "prompt"}[kind]
                if not isinstance(h.get(need), str) or not h.get(need):
                    continue
                key = handler_key(kind, h)
                args = h.get("args") if isinstance(h.get("args"), list) else None
                headers = None
                if kind == "http" and isinstance(h.get("headers"), dict):
                    headers = [f"{k}: {v}" for k, v in h["headers"].items()]
                t = h.get("timeout")
                t = t if isinstance(t, (int, float)) and not isinstance(t, bool) else None
                ln, col = lc(hn.start)
                hd = Handler(len(src.handlers), ev, gi, hi, kind, key,
                             handler_payload(kind, key, args, headers), t, matcher,
                             (hn.start, hn.end), ln, col, re.sub(r"[\r\n]", "", h[need])[:40])
                src.handlers.append(hd)
                grp.handlers.append(hd)
            if grp.handlers:
                src.groups.append(grp)
    return src


def _plain(node):
    if node.kind == "val":
        return node.value
    if node.kind == "arr":
        return [_plain(x) for x in node.items]
    return {k: _plain(v) for k, _, v in node.items}


# ---------------------------------------------------------------------------------------------
# Output model shared by the adapters
# ---------------------------------------------------------------------------------------------

@dataclass
class Entry:
    target_event: str
    claude_event: object      # the Claude event this target event stands for, or None
    fires: bool               # the target runs this entry (known event, valid handler)
    kind: str
    key: str
    payload: tuple
    timeout_s: object         # seconds, after the target's unit; None = target default
    select: object            # fn(claude_value) -> True/False, or None when the target lacks it
    origin: object = None     # (line, col) of the source handler, when the converter says so
    used: bool = False


@dataclass
class Result:
    ok: bool
    error: str = ""
    entries: list = field(default_factory=list)
    warnings: list = field(default_factory=list)  # (text, line, col) with line/col None if unknown
    raw: str = ""


def run(cmd, cwd, home, timeout):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
           "NO_COLOR": "1", "XDG_CONFIG_HOME": os.path.join(home, ".config"),
           "XDG_CACHE_HOME": os.path.join(home, ".cache"), "XDG_DATA_HOME": os.path.join(home, ".local")}
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout}s"


def scratch_project(src_path, tmp):
    proj = os.path.join(tmp, "proj")
    home = os.path.join(tmp, "home")
    os.makedirs(os.path.join(proj, ".claude"))
    os.makedirs(home)
    shutil.copyfile(src_path, os.path.join(proj, ".claude", "settings.json"))
    return proj, home


# --- hookcompat, native target ----------------------------------------------------------------

NATIVE_EVENTS = {  # native event -> Claude event; the 13 events a plain native engine fires
    "session_start": "SessionStart", "prompt_submit": "UserPromptSubmit", "pre_tool": "PreToolUse",
    "permission_request": "PermissionRequest", "post_tool": "PostToolUse",
    "post_tool_failure": "PostToolUseFailure", "subagent_start": "SubagentStart",
    "subagent_stop": "SubagentStop", "stop": "Stop", "pre_compact": "PreCompact",
    "post_compact": "PostCompact", "notification": "Notification", "session_end": "SessionEnd",
}
NATIVE_TOOLS = {"Bash": "shell", "PowerShell": "powershell", "Read": "read", "Write": "write",
                "Edit": "edit", "MultiEdit": "multi_edit", "Glob": "glob", "Grep": "grep",
                "WebFetch": "web_fetch", "WebSearch": "web_search", "Agent": "agent",
                "NotebookEdit": "notebook_edit", "TodoWrite": "todo_write", "Skill": "skill",
                "AskUserQuestion": "ask_user", "ExitPlanMode": "exit_plan_mode"}
SHIM_BOOL = {"--fail-closed", "--async", "--exec"}


def snake_to_claude(ev):
    return NATIVE_EVENTS.get(ev)


def decode_shim(command):
    """hookcompat exec [opts] -- CMD...  ->  (opts dict, rest list) or None; command is a
    shell string or an argv list (native args)."""
    if isinstance(command, list):
        toks = [str(t) for t in command]
    else:
        try:
            toks = shlex.split(command)
        except ValueError:
            return None
    if len(toks) < 2 or not os.path.basename(toks[0]).startswith("hookcompat") or toks[1] != "exec":
        return None
    opts, i = {}, 2
    while i < len(toks) and toks[i] != "--":
        t = toks[i]
        if "=" in t and t.startswith("--"):
            k, v = t.split("=", 1)
            opts.setdefault(k, []).append(v)
        elif t in SHIM_BOOL:
            opts[t] = [True]
        else:
            opts.setdefault(t, []).append(toks[i + 1] if i + 1 < len(toks) else "")
            i += 1
        i += 1
    return opts, toks[i + 1:]


def hookcompat_adapter(binary, src_path, timeout):
    with tempfile.TemporaryDirectory(prefix="cmp-hookcompat-") as home:
        rc, out, err = run([binary, "convert", "--target", "native", "--warnings-json", src_path],
                           os.path.dirname(src_path) or ".", home, timeout)
    res = Result(ok=rc == 0, raw=out)
    try:
        for w in json.loads(err) if err.strip() else []:
            res.warnings.append((f"{w.get('code')}: {w.get('message')}", w.get("line"), w.get("col")))
    except json.JSONDecodeError:
        res.warnings += [(l, None, None) for l in err.splitlines() if l.strip()]
    if rc != 0:
        res.error = f"exit {rc}: {err.strip()[:200]}"
        return res
    try:
        doc = tomllib.loads(out)
    except tomllib.TOMLDecodeError as e:
        res.ok, res.error = False, f"output is not TOML: {e}"
        return res
    # provenance comments "# from FILE:LINE:COL (Event)" precede each [[hooks.X]] table
    origins, last = {}, None
    for line in out.splitlines():
        m = re.match(r"#\s*from\s+(.*):(\d+):(\d+)\s+\((\w+)\)\s*$", line)
        if m:
            last = (int(m.group(2)), int(m.group(3)))
            continue
        m = re.match(r"\[\[hooks\.([A-Za-z0-9_]+)\]\]", line)
        if m:
            origins.setdefault(m.group(1), []).append(last)
            last = None
    for nev, tables in (doc.get("hooks") or {}).items():
        for n, e in enumerate(tables):
            origin = origins[nev][n] if n < len(origins.get(nev, [])) else None
            res.entries.append(native_entry(nev, e, origin))
    return res


def native_entry(nev, e, origin):
    cev = snake_to_claude(nev)
    fires = nev in NATIVE_EVENTS
    match = e.get("match") or ""
    tout = e.get("timeout_seconds")
    matcher = None
    if e.get("type") == "prompt" or ("prompt" in e and "command" not in e):
        kind, key = "prompt", e.get("prompt", "")
        payload = ("prompt", key)
    elif e.get("type") == "http" or "url" in e:
        kind, key = "http", e.get("url", "")
        payload = handler_payload("http", key, headers=e.get("headers"))
    else:
        kind = "command"
        cmd = e.get("command", "")
        shim = decode_shim(cmd) if cmd else (decode_shim(e["args"]) if e.get("args") else None)
        if shim:
            opts, rest = shim
            cev = (opts.get("--event") or [cev])[0]
            matcher = (opts.get("--matcher") or [None])[0]
            if "--url" in opts:
                kind, key = "http", opts["--url"][0]
                payload = handler_payload("http", key, headers=opts.get("--header"))
            elif "--exec" in opts:
                key = norm_cmd(rest[0]) if rest else ""
                payload = handler_payload("command", key, rest[1:])
            else:
                key = norm_cmd(" ".join(rest) if len(rest) != 1 else rest[0])
                payload = handler_payload("command", key)
        else:
            key = norm_cmd(cmd) if cmd else (e.get("args") or [""])[0]
            payload = handler_payload("command", key, e.get("args"))

    def select(v, cev=cev, match=match, matcher=matcher):
        ok = True
        if cev in TOOL_EVENTS and match:
            ok = fnmatch.fnmatchcase(NATIVE_TOOLS.get(v, v), match)
        if matcher is not None:
            ok = ok and claude_matches(cev, matcher, v)
        return ok

    return Entry(nev, cev, fires, kind, key, payload,
                 float(tout) if isinstance(tout, (int, float)) else None, select, origin)


# --- Gemini CLI: gemini hooks migrate --from-claude ---------------------------------------------

GEMINI_EVENTS = {"BeforeTool": "PreToolUse", "AfterTool": "PostToolUse", "BeforeAgent": "UserPromptSubmit",
                 "AfterAgent": "Stop", "SessionStart": "SessionStart", "SessionEnd": "SessionEnd",
                 "PreCompress": "PreCompact", "Notification": "Notification"}
GEMINI_ALL_EVENTS = set(GEMINI_EVENTS) | {"BeforeModel", "AfterModel", "BeforeToolSelection"}
# Gemini CLI tool names (constants of @google/gemini-cli's bundle); MCP: mcp_<server>_<tool>.
GEMINI_TOOLS = {"Bash": "run_shell_command", "Read": "read_file", "Write": "write_file", "Edit": "replace",
                "Glob": "glob", "Grep": "grep_search", "WebFetch": "web_fetch",
                "WebSearch": "google_web_search", "TodoWrite": "write_todos", "AskUserQuestion": "ask_user",
                "ExitPlanMode": "exit_plan_mode", "EnterPlanMode": "enter_plan_mode",
                "Agent": "invoke_agent", "Skill": "activate_skill"}
GEMINI_TRIGGERS = {"SessionStart": {"startup", "resume", "clear"},
                   "SessionEnd": {"clear", "logout", "prompt_input_exit", "other"},
                   "PreCompress": {"manual", "auto"}}


def mcp_parts(v):
    m = re.match(r"^mcp__(.+?)__(.+)$", v)
    return (m.group(1), m.group(2)) if m else None


def gemini_select(tev, matcher):
    def sel(v):
        if tev in ("BeforeTool", "AfterTool"):
            mp = mcp_parts(v)
            name = f"mcp_{mp[0]}_{mp[1]}" if mp else GEMINI_TOOLS.get(v)
            if name is None:
                return None
            if trivial_matcher(matcher):
                return True
            try:  # hookPlanner.matchesToolName: unanchored RegExp.test, equality if invalid
                return re.search(matcher, name) is not None
            except re.error:
                return matcher == name
        if tev in GEMINI_TRIGGERS:  # matchesTrigger: exact equality with source/reason/trigger
            if v not in GEMINI_TRIGGERS[tev]:
                return None
            return trivial_matcher(matcher) or matcher.strip() == v
        if tev == "Notification":  # fired only for ToolPermission, no matcher context
            return True if v == "permission_prompt" else None
        return True  # BeforeAgent/AfterAgent: no matcher context, always runs
    return sel


def gemini_adapter(binary, src_path, timeout):
    with tempfile.TemporaryDirectory(prefix="cmp-gemini-") as tmp:
        proj, home = scratch_project(src_path, tmp)
        rc, out, err = run([binary, "hooks", "migrate", "--from-claude"], proj, home, timeout)
        outp = os.path.join(proj, ".gemini", "settings.json")
        raw = open(outp, encoding="utf-8").read() if os.path.exists(outp) else ""
    res = Result(ok=rc == 0, raw=raw)
    noise = re.compile(r"^(Found Claude Code settings|Migrating \d+ hook|✓ Hooks successfully|"
                       r"Migration complete|No hooks found)")
    res.warnings = [(l, None, None) for l in (out + "\n" + err).splitlines()
                    if l.strip() and not noise.match(l.strip())]
    if rc != 0:
        res.error = f"exit {rc}: {(err or out).strip()[:200]}"
        return res
    if not raw:
        if "No hooks found" in out:
            return res
        res.ok, res.error = False, "no .gemini/settings.json written"
        return res
    doc = json.loads(raw)
    for tev, defs in (doc.get("hooks") or {}).items():
        if not isinstance(defs, list):
            continue
        for d in defs:
            if not isinstance(d, dict):
                continue
            matcher = d.get("matcher")
            for h in d.get("hooks") or []:
                if not isinstance(h, dict):
                    continue
                cmd = h.get("command")
                kind = "command" if isinstance(cmd, str) else "?"
                key = norm_cmd(cmd) if isinstance(cmd, str) else ""
                t = h.get("timeout")
                res.entries.append(Entry(
                    tev, GEMINI_EVENTS.get(tev, tev if tev in CLAUDE_EVENTS else None),
                    tev in GEMINI_ALL_EVENTS and h.get("type") == "command" and bool(cmd),
                    kind, key, handler_payload("command", key) if kind == "command" else ("?",),
                    t / 1000.0 if isinstance(t, (int, float)) else None,  # Gemini: milliseconds
                    gemini_select(tev, matcher)))
    return res


# --- rulesync: convert --from claudecode --to cursor --features hooks ---------------------------

CURSOR_EVENTS = {"preToolUse": "PreToolUse", "postToolUse": "PostToolUse",
                 "postToolUseFailure": "PostToolUseFailure", "beforeSubmitPrompt": "UserPromptSubmit",
                 "stop": "Stop", "subagentStop": "SubagentStop", "subagentStart": "SubagentStart",
                 "sessionStart": "SessionStart", "sessionEnd": "SessionEnd", "preCompact": "PreCompact"}
CURSOR_ALL_EVENTS = set(CURSOR_EVENTS) | {
    "beforeShellExecution", "afterShellExecution", "beforeMCPExecution", "afterMCPExecution",
    "beforeReadFile", "afterFileEdit", "afterAgentResponse", "afterAgentThought", "beforeTabFileRead",
    "afterTabFileEdit", "workspaceOpen"}
# Cursor's tool names as seen by preToolUse matchers (public Cursor hook configs; an assumption,
# see README). MCP tools: "MCP:<tool>".
CURSOR_TOOLS = {"Bash": "Shell", "Read": "Read", "Write": "Write", "Edit": "Edit", "Glob": "Glob",
                "Grep": "Grep", "WebFetch": "WebFetch", "WebSearch": "WebSearch", "Agent": "Task"}


def cursor_select(tev, cev, matcher):
    def sel(v):
        if tev in ("preToolUse", "postToolUse", "postToolUseFailure"):
            mp = mcp_parts(v)
            name = f"MCP:{mp[1]}" if mp else CURSOR_TOOLS.get(v)
            if name is None:
                return None
            if trivial_matcher(matcher):
                return True
            try:
                return re.search(matcher, name) is not None
            except re.error:
                return matcher == name
        # other events: Cursor's semantics unknown here; assume Claude's rule on the same values
        return claude_matches(cev or "", matcher, v)
    return sel


def rulesync_adapter(binary, src_path, timeout):
    with tempfile.TemporaryDirectory(prefix="cmp-rulesync-") as tmp:
        proj, home = scratch_project(src_path, tmp)
        rc, out, err = run([binary, "convert", "--from", "claudecode", "--to", "cursor",
                            "--features", "hooks"], proj, home, timeout)
        outp = os.path.join(proj, ".cursor", "hooks.json")
        raw = open(outp, encoding="utf-8").read() if os.path.exists(outp) else ""
    res = Result(ok=rc == 0, raw=raw)
    res.warnings = [(l, None, None) for l in err.splitlines() if l.strip()]
    res.warnings += [(l, None, None) for l in out.splitlines()
                     if l.strip() and not l.startswith("Converted ")]
    if rc != 0:
        res.error = f"exit {rc}: {(err or out).strip()[:200]}"
        return res
    if not raw:
        return res  # nothing converted: every handler is lost (and judged as such)
    doc = json.loads(raw)
    for tev, defs in (doc.get("hooks") or {}).items():
        if not isinstance(defs, list):
            continue
        cev = CURSOR_EVENTS.get(tev)
        for d in defs:
            if not isinstance(d, dict):
                continue
            typ = d.get("type", "command")
            if typ == "prompt":
                kind, key = "prompt", d.get("prompt", "")
                payload = ("prompt", key)
            else:
                kind, key = "command", norm_cmd(d.get("command", ""))
                payload = handler_payload("command", key, d.get("args"))
            t = d.get("timeout")
            res.entries.append(Entry(tev, cev, tev in CURSOR_ALL_EVENTS and typ in ("command", "prompt"),
                                     kind, key, payload,
                                     float(t) if isinstance(t, (int, float)) else None,  # seconds
                                     cursor_select(tev, cev, d.get("matcher"))))
    return res


def hookcompat_cursor_adapter(binary, src_path, timeout):
    """hookcompat convert --target cursor: .cursor/hooks.json whose commands call the shim."""
    with tempfile.TemporaryDirectory(prefix="cmp-hookcompat-cursor-") as home:
        rc, out, err = run([binary, "convert", "--target", "cursor", "--shim", "/usr/local/bin/hookcompat",
                            "--warnings-json", src_path], os.path.dirname(src_path) or ".", home, timeout)
    res = Result(ok=rc == 0, raw=out)
    try:
        for w in json.loads(err) if err.strip() else []:
            res.warnings.append((f"{w.get('code')}: {w.get('message')}", w.get("line"), w.get("col")))
    except json.JSONDecodeError:
        res.warnings += [(l, None, None) for l in err.splitlines() if l.strip()]
    if rc != 0:
        res.error = f"exit {rc}: {err.strip()[:200]}"
        return res
    doc = json.loads(out)
    for tev, defs in (doc.get("hooks") or {}).items():
        cev = CURSOR_EVENTS.get(tev)
        for d in defs:
            t = d.get("timeout")
            tout = float(t) if isinstance(t, (int, float)) else None
            if d.get("type") == "prompt":
                res.entries.append(Entry(tev, cev, tev in CURSOR_ALL_EVENTS, "prompt", d.get("prompt", ""),
                                         ("prompt", d.get("prompt", "")), tout, cursor_select(tev, cev, None)))
                continue
            shim = decode_shim(d.get("command", ""))
            if not shim:
                key = norm_cmd(d.get("command", ""))
                res.entries.append(Entry(tev, cev, tev in CURSOR_ALL_EVENTS, "command", key,
                                         handler_payload("command", key), tout, cursor_select(tev, cev, d.get("matcher"))))
                continue
            opts, rest = shim
            sev = (opts.get("--event") or [cev])[0]
            matcher = (opts.get("--matcher") or [None])[0]
            if "--url" in opts:
                kind, key = "http", opts["--url"][0]
                payload = handler_payload("http", key, headers=opts.get("--header"))
            elif "--exec" in opts:
                kind, key = "command", norm_cmd(rest[0]) if rest else ""
                payload = handler_payload("command", key, rest[1:])
            else:
                kind, key = "command", norm_cmd(" ".join(rest) if len(rest) != 1 else rest[0])
                payload = handler_payload("command", key)
            outer = cursor_select(tev, cev, d.get("matcher"))

            def select(v, sev=sev, matcher=matcher, outer=outer, tev=tev):
                # Cursor's matcher (on Cursor's tool names) first, then the
                # Claude matcher the shim applies to the Claude name.
                if d_has_tool_step(tev) and outer(v) is not True:
                    return False
                return matcher is None or claude_matches(sev, matcher, v)
            res.entries.append(Entry(tev, sev, tev in CURSOR_ALL_EVENTS, kind, key, payload, tout, select))
    return res


def d_has_tool_step(tev):
    return tev in ("preToolUse", "postToolUse", "postToolUseFailure")


# --- Gemini CLI settings written by hookcompat (--target gemini) or syllago ---------------------


def json_warnings(res, err):
    """hookcompat's --warnings-json on stderr, or plain lines."""
    try:
        for w in json.loads(err) if err.strip() else []:
            res.warnings.append((f"{w.get('code')}: {w.get('message')}", w.get("line"), w.get("col")))
    except json.JSONDecodeError:
        res.warnings += [(l, None, None) for l in err.splitlines() if l.strip()]


def shim_entry(tev, h, group_matcher, default_cev, fires, select_for, timeout_of):
    """One output handler of an agent settings file. A command calling `hookcompat exec` names
    the Claude event (--event), the Claude matcher the shim applies (--matcher) and the script's
    own budget (--timeout, seconds); anything else is the handler as the agent runs it."""
    typ = h.get("type", "command")
    cmd = h.get("command")
    cev, shim_matcher, tout = default_cev, None, timeout_of(h)
    if typ == "http":
        kind, key = "http", h.get("url", "")
        payload = handler_payload("http", key, headers=[f"{k}: {v}" for k, v in (h.get("headers") or {}).items()])
    elif typ == "prompt":
        kind, key = "prompt", h.get("prompt", "")
        payload = ("prompt", key)
    elif isinstance(cmd, str) and cmd:
        kind, key = "command", norm_cmd(cmd)
        payload = handler_payload("command", key)
        shim = decode_shim(cmd)
        if shim:
            opts, rest = shim
            cev = (opts.get("--event") or [cev])[0]
            shim_matcher = (opts.get("--matcher") or [None])[0]
            if opts.get("--timeout"):
                tout = float(opts["--timeout"][0])
            if "--url" in opts:
                kind, key = "http", opts["--url"][0]
                payload = handler_payload("http", key, headers=opts.get("--header"))
            elif "--exec" in opts:
                key = norm_cmd(rest[0]) if rest else ""
                payload = handler_payload("command", key, rest[1:])
            else:
                key = norm_cmd(" ".join(rest) if len(rest) != 1 else rest[0])
                payload = handler_payload("command", key)
    else:
        kind, key, payload = "?", "", ("?",)
    base = select_for(tev, group_matcher)

    def select(v, base=base, cev=cev, m=shim_matcher):
        got = base(v)
        if got is None or m is None:
            return got
        return got and claude_matches(cev, m, v)

    return Entry(tev, cev, fires(tev, typ, kind), kind, key, payload, tout, select)


def settings_entries(res, doc, default_cev, fires, select_for, timeout_of):
    for tev, defs in (doc.get("hooks") or {}).items():
        if not isinstance(defs, list):
            continue
        for d in defs:
            if not isinstance(d, dict):
                continue
            for h in d.get("hooks") or []:
                if isinstance(h, dict):
                    res.entries.append(shim_entry(tev, h, d.get("matcher"), default_cev(tev), fires,
                                                  select_for, timeout_of))


def gemini_fires(tev, typ, kind):
    return tev in GEMINI_ALL_EVENTS and typ == "command" and kind != "?"


def gemini_timeout(h):
    t = h.get("timeout")
    return t / 1000.0 if isinstance(t, (int, float)) and not isinstance(t, bool) else None  # ms


def gemini_cev(tev):
    return GEMINI_EVENTS.get(tev, tev if tev in CLAUDE_EVENTS else None)


def hookcompat_settings_adapter(target, default_cev, fires, select_for, timeout_of):
    def adapter(binary, src_path, timeout):
        with tempfile.TemporaryDirectory(prefix=f"cmp-hookcompat-{target}-") as home:
            rc, out, err = run([binary, "convert", "--target", target, "--warnings-json", src_path],
                               os.path.dirname(src_path) or ".", home, timeout)
        res = Result(ok=rc == 0, raw=out)
        json_warnings(res, err)
        if rc != 0:
            res.error = f"exit {rc}: {err.strip()[:200]}"
            return res
        try:
            doc = json.loads(out)
        except json.JSONDecodeError as e:
            res.ok, res.error = False, f"output is not JSON: {e}"
            return res
        settings_entries(res, doc, default_cev, fires, select_for, timeout_of)
        return res
    return adapter


def syllago_adapter(binary, src_path, timeout):
    with tempfile.TemporaryDirectory(prefix="cmp-syllago-") as home:
        rc, out, err = run([binary, "convert", src_path, "--from", "claude-code", "--to", "gemini-cli",
                            "--type", "hooks"], os.path.dirname(src_path) or ".", home, timeout)
    res = Result(ok=rc == 0, raw=out)
    res.warnings = [(l.strip(" -"), None, None) for l in err.splitlines()
                    if l.strip() and not l.strip().startswith("Portability warnings")]
    if rc != 0:
        res.error = f"exit {rc}: {(err or out).strip()[:200]}"
        return res
    try:
        doc = json.loads(out)
    except json.JSONDecodeError as e:
        res.ok, res.error = False, f"output is not JSON: {e}"
        return res
    settings_entries(res, doc, gemini_cev, gemini_fires, gemini_select, gemini_timeout)
    return res


# --- Qwen Code 0.24.4 settings: hookcompat (--target qwen), rulesync (--to qwencode) ------------

QWEN_FIRED = {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "UserPromptSubmit",
              "UserPromptExpansion", "SessionStart", "SessionEnd", "SessionDelete", "Stop", "StopFailure",
              "MessageDisplay", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "Notification",
              "PermissionRequest", "PermissionDenied", "TodoCreated", "TodoCompleted", "InstructionsLoaded"}
QWEN_NO_MATCHER = {"UserPromptSubmit", "Stop", "MessageDisplay", "PostToolBatch", "SessionDelete",
                   "TodoCreated", "TodoCompleted"}
# Claude tool -> Qwen's canonical name and the aliases a matcher accepts exactly (compat/qwen/aliases.go).
QWEN_TOOLS = {
    "Bash": ("run_shell_command", {"Shell", "ShellTool", "Bash"}),
    "Read": ("read_file", {"ReadFile", "ReadFileTool", "Read"}),
    "Write": ("write_file", {"WriteFile", "WriteFileTool", "Write"}),
    "Edit": ("edit", {"Edit", "EditTool", "replace"}),
    "Glob": ("glob", {"Glob", "GlobTool", "FindFiles"}),
    "Grep": ("grep_search", {"Grep", "GrepTool", "search_file_content", "SearchFiles"}),
    "WebFetch": ("web_fetch", {"WebFetch", "WebFetchTool"}),
    "WebSearch": ("web_search", {"WebSearch", "WebSearchTool"}),
    "Agent": ("agent", {"Agent", "AgentTool", "task", "Task", "TaskTool"}),
    "NotebookEdit": ("notebook_edit", {"NotebookEdit", "NotebookEditTool"}),
    "TodoWrite": ("todo_write", {"TodoList", "TodoListTool", "TodoWrite", "TodoWriteTool"}),
    "TaskCreate": ("task_create", {"TaskCreate", "TaskCreateTool"}),
    "TaskUpdate": ("task_update", {"TaskUpdate", "TaskUpdateTool"}),
    "TaskList": ("task_list", {"TaskList", "TaskListTool"}),
    "TaskStop": ("task_stop", {"TaskStop", "TaskStopTool"}),
    "ExitPlanMode": ("exit_plan_mode", {"ExitPlanMode", "ExitPlanModeTool"}),
    "EnterPlanMode": ("enter_plan_mode", {"EnterPlanMode", "EnterPlanModeTool"}),
    "AskUserQuestion": ("ask_user_question", {"AskUserQuestion", "AskUserQuestionTool"}),
    "Skill": ("skill", {"Skill", "SkillTool"}),
    "Monitor": ("monitor", {"Monitor", "MonitorTool"}),
    "Workflow": ("workflow", {"Workflow", "WorkflowTool"}),
    "CronCreate": ("cron_create", {"CronCreate", "CronCreateTool"}),
    "EnterWorktree": ("enter_worktree", {"EnterWorktree", "EnterWorktreeTool"}),
    "ExitWorktree": ("exit_worktree", {"ExitWorktree", "ExitWorktreeTool"}),
}
# Values Qwen Code gives the matched field of non-tool events (research notes, §2.1/§2.3).
QWEN_VALUES = {"SessionStart": {"startup", "resume", "clear", "compact"},
               "SessionEnd": {"clear", "logout", "prompt_input_exit", "other"},
               "PreCompact": {"manual", "auto"}, "PostCompact": {"manual", "auto"},
               "Notification": {"permission_prompt", "auth_success", "idle_prompt"},
               "SubagentStart": {"general-purpose", "Explore", "Plan"},
               "SubagentStop": {"general-purpose", "Explore", "Plan"}}


def qwen_matches(matcher, subject, aliases):
    """Qwen Code's matcher (research §2.3): exact name or alias, top-level | alternatives, else an
    unanchored regex on the canonical name only."""
    m = matcher.strip()
    if m in ("", "*", ".*") or m == subject or m in aliases:
        return True
    expr = m
    if "|" in m and not m.startswith("^") and not m.startswith("("):
        alts = [a.strip() for a in m.split("|")]
        if any(a in ("*", ".*") or a == subject or a in aliases for a in alts):
            return True
        expr = "|".join(alts)
    try:
        return re.search(expr, subject) is not None
    except re.error:
        return False


def qwen_select(tev, matcher):
    def sel(v):
        if tev in TOOL_EVENTS:
            if mcp_parts(v):
                name, aliases = v, set()
            elif v in QWEN_TOOLS:
                name, aliases = QWEN_TOOLS[v]
            else:
                return None
        elif tev in QWEN_NO_MATCHER:
            return True
        else:
            if tev in QWEN_VALUES and v not in QWEN_VALUES[tev]:
                return None
            name, aliases = v, set()
        if trivial_matcher(matcher) or not isinstance(matcher, str):
            return True
        return qwen_matches(matcher, name, aliases)
    return sel


def qwen_fires(tev, typ, kind):
    return tev in QWEN_FIRED and typ in ("command", "http", "prompt") and kind != "?"


def qwen_timeout(h):
    """command: seconds below 1000, milliseconds from 1000 up; http/prompt: seconds."""
    t = h.get("timeout")
    if not isinstance(t, (int, float)) or isinstance(t, bool) or t <= 0:
        return None
    if h.get("type", "command") == "command" and t >= 1000:
        return t / 1000.0
    return float(t)


def qwen_cev(tev):
    return tev if tev in CLAUDE_EVENTS else None


def rulesync_qwen_adapter(binary, src_path, timeout):
    with tempfile.TemporaryDirectory(prefix="cmp-rulesync-qwen-") as tmp:
        proj, home = scratch_project(src_path, tmp)
        rc, out, err = run([binary, "convert", "--from", "claudecode", "--to", "qwencode",
                            "--features", "hooks"], proj, home, timeout)
        outp = os.path.join(proj, ".qwen", "settings.json")
        raw = open(outp, encoding="utf-8").read() if os.path.exists(outp) else ""
    res = Result(ok=rc == 0, raw=raw)
    res.warnings = [(l, None, None) for l in err.splitlines() if l.strip()]
    res.warnings += [(l, None, None) for l in out.splitlines()
                     if l.strip() and not l.startswith("Converted ")]
    if rc != 0:
        res.error = f"exit {rc}: {(err or out).strip()[:200]}"
        return res
    if raw:
        settings_entries(res, json.loads(raw), qwen_cev, qwen_fires, qwen_select, qwen_timeout)
    return res


ADAPTERS = {
    "hookcompat": ("hookcompat convert --target native", hookcompat_adapter),
    "hookcompat-cursor": ("hookcompat convert --target cursor", hookcompat_cursor_adapter),
    "gemini": ("gemini hooks migrate --from-claude", gemini_adapter),
    "rulesync": ("rulesync convert --to cursor", rulesync_adapter),
    "hookcompat-gemini": ("hookcompat convert --target gemini",
                          hookcompat_settings_adapter("gemini", gemini_cev, gemini_fires, gemini_select,
                                                      gemini_timeout)),
    "syllago-gemini": ("syllago convert --to gemini-cli", syllago_adapter),
    "hookcompat-qwen": ("hookcompat convert --target qwen",
                        hookcompat_settings_adapter("qwen", qwen_cev, qwen_fires, qwen_select, qwen_timeout)),
    "rulesync-qwen": ("rulesync convert --to qwencode", rulesync_qwen_adapter),
}

# ---------------------------------------------------------------------------------------------
# Judging one converter's output against the source
# ---------------------------------------------------------------------------------------------


def link(src, res):
    """One output entry (or, for converters that split, several) per source handler."""
    by_origin = {}
    for e in res.entries:
        if e.origin:
            by_origin.setdefault(e.origin, []).append(e)
    links = {}
    for h in src.handlers:
        es = [e for e in by_origin.get((h.line, h.col), []) if e.key == h.key]
        if es:
            for e in es:
                e.used = True
            links[h.idx] = es
    # order-preserving one-to-one match on (event, key); then, for what is left, on key alone
    for same_event in (True, False):
        for h in src.handlers:
            if h.idx in links:
                continue
            cand = [e for e in res.entries if not e.used and e.key == h.key
                    and (e.claude_event == h.event or not same_event)]
            if cand:
                cand[0].used = True
                links[h.idx] = [cand[0]]
    return links


def attribute_warnings(src, res):
    """Which constructs each warning speaks about: set of ('event', E) / ('group', E, gi) /
    ('handler', idx)."""
    scopes = set()
    ls = line_starts(src.text)
    for text, line, col in res.warnings:
        if line:
            off = ls[line - 1] + col - 1 if line - 1 < len(ls) else -1
            hit = [h for h in src.handlers if h.span[0] <= off < h.span[1]]
            if hit:
                scopes.update(("handler", h.idx) for h in hit)
                continue
            hit = [g for g in src.groups if g.span[0] <= off < g.span[1]]
            if hit:
                scopes.update(("group", g.event, g.gi) for g in hit)
                continue
            scopes.update(("event", ev) for ev, sp in src.events.items() if sp[0] <= off < sp[1])
            continue
        # text warnings: a quoted command/prompt prefix names a handler, an event name an event
        flat = re.sub(r'[\\"]', "", text)
        for h in src.handlers:
            snip = re.sub(r'[\\"]', "", h.snippet)[:30]
            if len(snip) >= 12 and snip in flat:
                scopes.add(("handler", h.idx))
        for ev in src.events:
            names = {ev, ev[0].lower() + ev[1:]} | ({"beforeSubmitPrompt"} if ev == "UserPromptSubmit" else set())
            if any(re.search(r"(?<![A-Za-z])" + re.escape(n) + r"(?![A-Za-z])", text) for n in names):
                kinds = [k for k in HANDLER_TYPES if re.search(rf"\b{k}\b|{k}-type", text)]
                if kinds and "hook event" not in text:
                    scopes.update(("handler", h.idx) for h in src.handlers
                                  if h.event == ev and h.kind in kinds)
                else:
                    scopes.add(("event", ev))
    return scopes


def judge(src, res):
    """Counts and the list of lost constructs (each with 'warned' or 'SILENT')."""
    r = {"ok": res.ok, "handlers": len(src.handlers), "intact": 0, "altered": 0,
         "events": len(src.events_with_handlers), "events_kept": 0, "timeouts": 0, "timeouts_kept": 0,
         "matchers": 0, "matchers_kept": 0, "silent": 0, "silent_by": {}, "warnings": len(res.warnings),
         "lost": []}
    for e in res.entries:
        e.used = False
    links = link(src, res) if res.ok else {}
    scopes = attribute_warnings(src, res)

    def warned_h(h):
        return (("handler", h.idx) in scopes or ("group", h.event, h.gi) in scopes
                or ("event", h.event) in scopes)

    def lose(kind, what, warned):
        warned = warned or not res.ok  # a failed run is loud: nothing it lost is silent
        r["lost"].append((kind, what, warned))
        if not warned:
            r["silent"] += 1
            r["silent_by"][kind] = r["silent_by"].get(kind, 0) + 1

    for h in src.handlers:
        es = links.get(h.idx, [])
        where = f"{h.event}[{h.gi}].hooks[{h.hi}] ({h.kind} {h.snippet[:30]!r})"
        if any(e.payload == h.payload for e in es):
            r["intact"] += 1
        elif es:
            r["altered"] += 1
            lose("handler", f"{where} altered: {h.payload[2:] or h.kind} -> {es[0].payload[2:] or es[0].kind}",
                 warned_h(h))
        else:
            lose("handler", f"{where} missing from output", warned_h(h))
        if h.timeout is not None:
            r["timeouts"] += 1
            got = [e.timeout_s for e in es]
            if any(g is not None and abs(g - h.timeout) < 1e-6 for g in got):
                r["timeouts_kept"] += 1
            else:
                shown = ", ".join("default" if g is None else f"{g:g}s" for g in got) or "no handler"
                lose("timeout", f"{where} timeout {h.timeout:g}s -> {shown}", warned_h(h))
    for ev in sorted(src.events_with_handlers):
        hs = [h for h in src.handlers if h.event == ev]
        ok = any(e.fires and e.claude_event == ev for h in hs for e in links.get(h.idx, []))
        if ok:
            r["events_kept"] += 1
        else:
            tev = sorted({e.target_event for h in hs for e in links.get(h.idx, [])})
            warned = any(s[0] == "event" and s[1] == ev for s in scopes) or any(warned_h(h) for h in hs)
            lose("event", f"{ev} -> {'/'.join(tev) or 'nothing'} (not fired with that meaning)", warned)
    for g in src.groups:
        if trivial_matcher(g.matcher) or g.event in NO_MATCHER_EVENTS or not isinstance(g.matcher, str):
            continue
        r["matchers"] += 1
        universe = value_universe(g.event, g.matcher)
        bad = []
        for h in g.handlers:
            es = [e for e in links.get(h.idx, []) if e.claude_event == g.event and e.fires]
            if not es:
                bad.append(f"hooks[{h.hi}] not fired for {g.event}")
                continue
            for v in universe:
                outs = [e.select(v) for e in es]
                if all(o is None for o in outs):
                    continue  # the target has no such tool/value
                want, got = claude_matches(g.event, g.matcher, v), any(bool(o) for o in outs)
                if want != got:
                    bad.append(f"{v}: Claude {'runs' if want else 'skips'}, target {'runs' if got else 'skips'}")
            if bad:
                break
        if bad:
            warned = (("group", g.event, g.gi) in scopes or ("event", g.event) in scopes
                      or any(("handler", h.idx) in scopes for h in g.handlers))
            lose("matcher", f"{g.event}[{g.gi}] matcher {g.matcher!r}: {'; '.join(bad[:3])}", warned)
        else:
            r["matchers_kept"] += 1
    return r


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------


def version_of(name, binary):
    args = {"hookcompat": ["version"], "hookcompat-cursor": ["version"], "gemini": ["--version"],
            "rulesync": ["--version"], "hookcompat-gemini": ["version"], "syllago-gemini": ["version"],
            "hookcompat-qwen": ["version"], "rulesync-qwen": ["--version"]}[name]
    with tempfile.TemporaryDirectory() as home:
        rc, out, err = run([binary] + args, home, home, 60)
    return ((out or err).strip().splitlines() or ["?"])[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    for n in ADAPTERS:
        ap.add_argument(f"--{n}", metavar="BIN", dest=n.replace("-", "_"))
    ap.add_argument("--details", metavar="FILE", help="write every lost construct here")
    ap.add_argument("--keep", metavar="DIR", help="keep each converter's output here")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    files = []
    for p in map(os.path.abspath, a.paths):
        files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".json")) \
            if os.path.isdir(p) else [p]
    convs = [(n, getattr(a, n.replace("-", "_"))) for n in ADAPTERS if getattr(a, n.replace("-", "_"))]
    if not convs or not files:
        ap.error("give at least one converter and one corpus file or folder")
    sources = [load_source(f) for f in files]
    for s in sources:
        s.events_with_handlers = sorted({h.event for h in s.handlers})

    results = {}
    jobs = [(n, b, s) for n, b in convs for s in sources]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(ADAPTERS[n][1], os.path.abspath(b) if os.sep in b else b, s.path, a.timeout): (n, s)
                for n, b, s in jobs}
        for f in concurrent.futures.as_completed(futs):
            n, s = futs[f]
            try:
                results[(n, s.name)] = f.result()
            except Exception as e:  # an adapter crash is that converter's error on that file
                results[(n, s.name)] = Result(ok=False, error=f"adapter: {type(e).__name__}: {e}")

    rows, details = [], []
    for n, b in convs:
        tot = {}
        for s in sources:
            res = results[(n, s.name)]
            if a.keep and res.raw:
                d = os.path.join(a.keep, n)
                os.makedirs(d, exist_ok=True)
                open(os.path.join(d, s.name + ".out"), "w").write(res.raw)
            r = judge(s, res)
            for k, v in r.items():
                if isinstance(v, bool):
                    tot[k] = tot.get(k, 0) + int(v)
                elif isinstance(v, int):
                    tot[k] = tot.get(k, 0) + v
                elif isinstance(v, dict):
                    for kk, vv in v.items():
                        tot.setdefault(k, {})[kk] = tot.get(k, {}).get(kk, 0) + vv
            if not res.ok:
                details.append(f"{n}\t{s.name}\tERROR\t{res.error}")
            for kind, what, warned in r["lost"]:
                details.append(f"{n}\t{s.name}\t{'warned' if warned else 'SILENT'}\t{kind}: {what}")
        rows.append((n, version_of(n, b), tot))

    def pct(x, y):
        return f"{x}/{y} ({100 * x / y:.0f}%)" if y else "0/0"

    nfiles = len(sources)
    skipped = sum(s.skipped_unknown for s in sources)
    print(f"Corpus: {nfiles} files, {rows[0][2].get('handlers', 0)} handlers (command/http/prompt/agent) "
          f"under Claude Code events" + (f"; {skipped} entries under unknown event names not counted" if skipped else ""))
    print()
    print("| converter | version | files converted | handlers present intact | handlers altered | "
          "events kept | timeouts kept right | matchers kept | lost silently (h/e/t/m) | warnings |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n, ver, t in rows:
        sb = t.get("silent_by", {})
        silent = f"{t.get('silent', 0)} ({sb.get('handler', 0)}/{sb.get('event', 0)}/{sb.get('timeout', 0)}/{sb.get('matcher', 0)})"
        print(f"| {ADAPTERS[n][0]} | {ver} | {pct(t.get('ok', 0), nfiles)} | "
              f"{pct(t.get('intact', 0), t.get('handlers', 0))} | {t.get('altered', 0)} | "
              f"{pct(t.get('events_kept', 0), t.get('events', 0))} | "
              f"{pct(t.get('timeouts_kept', 0), t.get('timeouts', 0))} | "
              f"{pct(t.get('matchers_kept', 0), t.get('matchers', 0))} | {silent} | {t.get('warnings', 0)} |")
    if a.details:
        with open(a.details, "w") as f:
            f.write("converter\tfile\twarned\tconstruct lost\n" + "\n".join(details) + "\n")


if __name__ == "__main__":
    main()
