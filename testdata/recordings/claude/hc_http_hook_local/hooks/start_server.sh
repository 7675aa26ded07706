#!/bin/bash
. "$(dirname "$0")/_capture.sh" start_server
cat > "$CLAUDE_PROJECT_DIR/.claude/srv.py" <<'__PY__'
import http.server, json, sys, os
proj = sys.argv[1]
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_POST(self):
        n = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(n)
        with open(os.path.join(proj, "http_%s.json" % self.path.strip("/")), "wb") as f:
            f.write(body)
        with open(os.path.join(proj, "http_%s.headers" % self.path.strip("/")), "w") as f:
            f.write("content-type=%s\n" % self.headers.get("content-type"))
        if self.path == "/pre":
            out = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "HTTP-DENY"}}
        elif self.path == "/post":
            out = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "HTTP-CTX"}}
        else:
            out = {}
        data = json.dumps(out).encode()
        self.send_response(200); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(data))); self.end_headers(); self.wfile.write(data)
http.server.HTTPServer(("127.0.0.1", 18765), H).serve_forever()
__PY__
nohup python3 "$CLAUDE_PROJECT_DIR/.claude/srv.py" "$CLAUDE_PROJECT_DIR" </dev/null >/dev/null 2>&1 &
echo $! > "$CLAUDE_PROJECT_DIR/.claude/srv.pid"
for i in $(seq 50); do python3 -c 'import socket; socket.create_connection(("127.0.0.1",18765),0.2)' 2>/dev/null && break; sleep 0.1; done
