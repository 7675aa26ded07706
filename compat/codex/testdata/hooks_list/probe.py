#!/usr/bin/env python3
"""probe.py CASEDIR...: each CASEDIR has codex_home/ (hooks.json, config.toml) and optionally proj/;
{{CODEX_HOME}} and {{PROJECT}} in their files become the real paths. The files go to a temp root
(home/.codex, proj/), `codex app-server` runs there in a loopback-only network namespace, and its
answer to hooks/list for proj is written to CASEDIR/hooks_list.json, with paths as placeholders.
CODEX_BIN names the native codex binary (default: the one the shared oracle's setup.sh installs)."""
import json, os, select, shutil, subprocess, sys, tempfile, time

BIN = os.environ.get("CODEX_BIN") or os.path.expanduser(
    "~/.cache/codex-oracle/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex")


def probe(case):
    case = os.path.abspath(case)
    root = tempfile.mkdtemp(prefix="cxh")
    home = os.path.join(root, "home")
    ch = os.path.join(home, ".codex")
    proj = os.path.join(root, "proj")
    os.makedirs(home)
    shutil.copytree(os.path.join(case, "codex_home"), ch)
    if os.path.isdir(os.path.join(case, "proj")):
        shutil.copytree(os.path.join(case, "proj"), proj)
    else:
        os.makedirs(proj)
    for dp, _, fn in os.walk(root):
        for f in fn:
            p = os.path.join(dp, f)
            t = open(p, encoding="utf-8").read()
            t2 = t.replace("{{CODEX_HOME}}", ch).replace("{{PROJECT}}", proj)
            if t2 != t:
                open(p, "w", encoding="utf-8").write(t2)
    env = {"PATH": os.environ["PATH"], "HOME": home, "CODEX_HOME": ch, "TMPDIR": root, "LANG": "C.UTF-8"}
    err = open(os.path.join(root, "stderr"), "w")
    p = subprocess.Popen(["unshare", "-rn", BIN, "app-server"], cwd=proj, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)

    def send(o):
        p.stdin.write((json.dumps(o) + "\n").encode())
        p.stdin.flush()

    def recv(want, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            r, _, _ = select.select([p.stdout], [], [], 1)
            if r:
                line = p.stdout.readline()
                if not line:
                    break
                m = json.loads(line)
                if m.get("id") == want:
                    return m
        raise SystemExit("no reply; stderr: " + open(os.path.join(root, "stderr")).read())

    send({"id": 1, "method": "initialize", "params": {"clientInfo": {"name": "probe", "version": "0"}}})
    recv(1)
    send({"method": "initialized"})
    send({"id": 2, "method": "hooks/list", "params": {"cwds": [proj]}})
    m = recv(2)
    p.terminate()
    p.wait()
    out = json.dumps(m, indent=1, ensure_ascii=False).replace(proj, "<PROJECT>").replace(ch, "<CODEX_HOME>")
    with open(os.path.join(case, "hooks_list.json"), "w", encoding="utf-8") as f:
        f.write(out + "\n")
    shutil.rmtree(root)


if __name__ == "__main__":
    for c in sys.argv[1:]:
        probe(c)
