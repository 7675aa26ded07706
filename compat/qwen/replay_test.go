package qwen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The three roots of Qwen Code recordings.
const (
	sharedCases = "../../../shared/qwen-oracle/cases"
	ourCases    = "../../testdata/recordings/qwen"
	casesEnv    = "HOOKCOMPAT_QWEN_ORACLE_CASES"
)

// TestQwenOracleReplay drives every recorded Qwen Code event through the
// engine, with the case's settings and hook scripts unchanged (http hooks
// against a local server answering as the oracle's fake did, prompt hooks
// through a judge answering as its model did), and compares which hooks
// ran (and in which order when sequential), their exact stdin and http
// bodies, the environment Qwen added, argv, cwd and exit status, the
// decision (did the call run, was the prompt sent, did the turn go on,
// within Qwen's block cap), the effective tool input and the text the
// model got.
func TestQwenOracleReplay(t *testing.T) {
	dirs := oracletest.Dirs(t, sharedCases, ourCases, casesEnv)
	for _, d := range dirs {
		t.Run(filepath.Base(filepath.Dir(d))+"/"+filepath.Base(d), func(t *testing.T) {
			t.Parallel()
			for _, p := range replayQwen(t, d) {
				t.Error(p)
			}
		})
	}
}

// TestQwenReplayFailsOnAlteredRecording: each deliberate change of a
// recording makes the replay report a mismatch.
func TestQwenReplayFailsOnAlteredRecording(t *testing.T) {
	for _, tc := range []struct {
		name, from, file string
		alter            func([]byte) []byte
	}{
		{"stdin", "hc_pre_exit1_json_deny", "capture", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"permission_mode":"yolo"`), []byte(`"permission_mode":"plan"`), 1)
		}},
		{"decision", "hc_pre_two_denies_reasons", "observed", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"output_sent_to_model": "R2"`), []byte(`"output_sent_to_model": "R1"`), 1)
		}},
		{"env", "hc_proc_env_and_cwd", "observed", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"QWEN_PROJECT_DIR": "<PROJECT>"`), []byte(`"QWEN_PROJECT_DIR": "<HOME>"`), 1)
		}},
		{"hooks", "hc_cfg_both_scopes_order", "observed", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"name": "proj_b"`), []byte(`"name": "user_a"`), 1)
		}},
		{"cap", "hc_stop_cap_setting", "case", func(b []byte) []byte { return b }},
		{"model text", "hc_post_two_contexts", "observed", func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`CTX-B &lt;b&gt;`), []byte(`CTX-B <b>`))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(ourCases, tc.from)
			if _, err := os.Stat(src); err != nil {
				t.Skipf("recording %s is absent", src)
			}
			dst := filepath.Join(t.TempDir(), tc.from)
			copyDir(t, src, dst)
			if p := replayQwen(t, dst); len(p) > 0 {
				t.Fatalf("the unaltered copy does not replay cleanly: %v", p)
			}
			target := filepath.Join(dst, "observed.json")
			switch tc.file {
			case "capture":
				m, _ := filepath.Glob(filepath.Join(dst, "raw", "captures", "01-*.stdin.json"))
				if len(m) == 0 {
					t.Fatal("no capture")
				}
				target = m[0]
			case "case":
				// The recorded cap was 2: a settings file without it must
				// not replay (Qwen's default, 8, continues the turn).
				target = filepath.Join(dst, "observed.json")
				data, _ := os.ReadFile(target)
				data = bytes.ReplaceAll(data, []byte(`"stopHookBlockingCap": 2`), []byte(`"stopHookBlockingCap": 5`))
				if err := os.WriteFile(target, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if p := replayQwen(t, dst); len(p) == 0 {
					t.Error("the replay did not notice the altered cap")
				}
				return
			}
			data, err := os.ReadFile(target)
			if err != nil {
				t.Fatal(err)
			}
			altered := tc.alter(data)
			if bytes.Equal(altered, data) {
				t.Fatal("the alteration changed nothing")
			}
			if err := os.WriteFile(target, altered, 0o644); err != nil {
				t.Fatal(err)
			}
			if p := replayQwen(t, dst); len(p) == 0 {
				t.Errorf("the replay did not notice the altered %s", tc.name)
			}
		})
	}
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

const (
	replaySession   = "7a1c9e2b-4d3f-4b6a-8c0d-0123456789ab"
	replayTimestamp = "2026-03-04T05:06:07.890Z"
)

// launcherEnv are variables the Qwen Code CLI sets on itself (its
// relaunch, its npm manager) or that need its model identity; its hook
// runner does not compute them from the event, and hooks run by
// hookcompat get them only when hookcompat's own environment has them.
var launcherEnv = map[string]bool{
	"QWEN_CODE_CLI": true, "QWEN_CODE_LAUNCHER_PID": true, "QWEN_CODE_MANAGED_NPM_PIN": true, "QWEN_CODE_MANAGED_NPM_ROOT": true,
	"QWEN_CODE_NO_RELAUNCH": true, "QWEN_CODE_PRIVATE_RELAUNCH_ENV_PROVENANCE": true, "QWEN_CODE_STARTUP_VERSION": true,
	"QWEN_CODE_MODEL": true, "QWEN_CODE_MODEL_IDENTITY": true,
}

type world struct {
	t                   *testing.T
	c                   *oracletest.Case
	obs                 gjson.Result
	root, home, qdir    string
	proj, captures, sys string
	ph                  oracletest.Placeholders
	launch, discovery   []string
	loaded              *compat.Loaded
	proto               *qwen.Protocol
	judge               runner.Judge
	problems            []string
	sequential          map[string]bool
	http                *httpFake
	turnUserTexts       [][]string
	taken               map[string]map[int]bool
	rewrites            []json.RawMessage
	stops               []stopOcc
	firstPrompt         string
}

type stopOcc struct {
	run    oracletest.HookRun
	render *qwen.Rendering
}

func (w *world) problem(f string, a ...any) { w.problems = append(w.problems, fmt.Sprintf(f, a...)) }

func replayQwen(t *testing.T, dir string) []string {
	c, err := oracletest.Load(dir)
	if err != nil {
		return []string{err.Error()}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "observed.json"))
	w := &world{t: t, c: c, obs: gjson.ParseBytes(data)}
	if err := w.build(); err != nil {
		return []string{"building the replay: " + err.Error()}
	}
	defer w.http.close()
	w.run()
	return w.problems
}

// httpFake answers http hooks as the oracle's fake API did (model.json
// http_hooks) and records each request.
type httpFake struct {
	srv  *http.Server
	ln   net.Listener
	port string
	mu   sync.Mutex
	reqs []httpReq
}

type httpReq struct {
	path    string
	headers http.Header
	body    []byte
}

func newHTTPFake(script gjson.Result) (*httpFake, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &httpFake{ln: ln, port: fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)}
	f.srv = &http.Server{Handler: http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.reqs = append(f.reqs, httpReq{path: r.URL.RequestURI(), headers: r.Header.Clone(), body: body})
		f.mu.Unlock()
		ans := script.Get(gjson.Escape(r.URL.Path))
		if d := ans.Get("delay_s").Float(); d > 0 {
			select {
			case <-time.After(time.Duration(d * float64(time.Second))):
			case <-r.Context().Done():
				return
			}
		}
		data := []byte("{}")
		if raw := ans.Get("raw"); raw.Exists() {
			data = []byte(raw.String())
		} else if b := ans.Get("body"); b.Exists() {
			data = []byte(b.Raw)
		}
		ct := "application/json"
		if c := ans.Get("content_type"); c.Exists() {
			ct = c.String()
		}
		status := 200
		if s := ans.Get("status"); s.Exists() {
			status = int(s.Int())
		}
		rw.Header().Set("content-type", ct)
		rw.WriteHeader(status)
		_, _ = rw.Write(data)
	})}
	go func() { _ = f.srv.Serve(ln) }()
	return f, nil
}

func (f *httpFake) close() {
	if f != nil {
		_ = f.srv.Close()
	}
}

func (f *httpFake) take() []httpReq {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.reqs
	f.reqs = nil
	return out
}

// judge answers prompt hooks with the oracle model's aux reply, read as
// Qwen Code reads it.
type judge struct{ answer string }

func (j judge) Judge(context.Context, *runner.JudgeRequest) (runner.Verdict, error) {
	return qwen.ParseAnswer(j.answer)
}

func (w *world) sub(s string, jsonEscape bool) string {
	for k, v := range map[string]string{"PROJECT": w.proj, "HOME": w.home, "QWEN_HOME": w.qdir, "HOOKS": filepath.Join(w.qdir, "hooks"), "CAPTURES": w.captures, "PORT": w.http.port} {
		if jsonEscape {
			b, _ := json.Marshal(v)
			v = string(b[1 : len(b)-1])
		}
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	return s
}

func (w *world) build() error {
	w.root = w.t.TempDir()
	w.home = filepath.Join(w.root, "home")
	w.qdir = filepath.Join(w.home, ".qwen")
	w.proj = filepath.Join(w.root, "proj")
	w.captures = filepath.Join(w.root, "captures")
	w.sys = filepath.Join(w.root, "sysroot")
	tmpdir := filepath.Join(w.root, "tmp")
	for _, d := range []string{w.qdir, w.proj, tmpdir, w.sys} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	model, _ := os.ReadFile(filepath.Join(w.c.Dir, "model.json"))
	var err error
	if w.http, err = newHTTPFake(gjson.GetBytes(model, "http_hooks")); err != nil {
		return err
	}
	var aux []string
	for _, it := range gjson.GetBytes(model, "aux.output").Array() {
		aux = append(aux, it.Get("text").String())
	}
	w.judge = judge{answer: strings.Join(aux, "")}
	if err := w.c.InstallHooks(filepath.Join(w.qdir, "hooks"), w.captures, oracletest.Placeholders{}); err != nil {
		return err
	}
	slug := regexpNonAlnum(w.proj)
	w.ph = oracletest.Placeholders{
		"<PROJECT>": w.proj, "<PROJECT_SLUG>": slug, "<QWEN_HOME>": w.qdir, "<HOME>": w.home, "<TMP>": w.root,
		"<CAPTURES>": w.captures, "<SESSION>": replaySession, "<TIMESTAMP>": replayTimestamp, "<PORT>": w.http.port,
	}
	write := func(path, content string) error {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, []byte(content), 0o644)
	}
	if u := w.obs.Get("settings.user"); u.Exists() {
		if err := write(filepath.Join(w.qdir, "settings.json"), w.ph.Expand(u.Raw)); err != nil {
			return err
		}
	}
	if p := w.obs.Get("settings.project"); p.Exists() && p.Type != gjson.Null {
		if err := write(filepath.Join(w.proj, ".qwen", "settings.json"), w.ph.Expand(p.Raw)); err != nil {
			return err
		}
	}
	if w.c.String("trust") == "file" {
		b, _ := json.Marshal(map[string]string{w.proj: "TRUST_FOLDER"})
		if err := write(filepath.Join(w.qdir, "trustedFolders.json"), string(b)); err != nil {
			return err
		}
	}
	if files, ok := w.c.Spec["files"].(map[string]any); ok {
		for rel, v := range files {
			content, _ := v.(string)
			p := filepath.Join(w.proj, rel)
			if err := write(p, w.sub(content, false)); err != nil {
				return err
			}
			if strings.HasSuffix(p, ".sh") {
				_ = os.Chmod(p, 0o755)
			}
		}
	}
	w.launch = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + w.home, "TERM=dumb", "LANG=C.UTF-8", "TMPDIR=" + tmpdir, "SHELL=/bin/bash",
		"OPENAI_API_KEY=dummy", "OPENAI_BASE_URL=http://127.0.0.1:" + w.http.port + "/v1", "OPENAI_MODEL=fake-model",
		"ORACLE_MARKER=inherited-from-launch-env",
	}
	w.discovery = append([]string(nil), w.launch...)
	if env, ok := w.c.Spec["env"].(map[string]any); ok {
		keys := make([]string, 0, len(env))
		for k := range env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, _ := env[k].(string)
			v = w.sub(v, false)
			w.launch = append(w.launch, k+"="+v)
			if name := map[string]string{"QWEN_CODE_SYSTEM_SETTINGS_PATH": "settings.json", "QWEN_CODE_SYSTEM_DEFAULTS_PATH": "system-defaults.json"}[k]; name != "" {
				if i := strings.Index(v, "/"+w.c.Name+"/"); i >= 0 {
					if data, err := os.ReadFile(filepath.Join(w.c.Dir, v[i+len(w.c.Name)+2:])); err == nil {
						if err := write(filepath.Join(w.sys, "etc", "qwen-code", name), string(data)); err != nil {
							return err
						}
						continue
					}
				}
			}
			w.discovery = append(w.discovery, k+"="+v)
		}
	}
	trusted := func(string, string) bool { return qwen.TrustedFolder(w.qdir, w.proj) }
	getenv := func(k string) string { return hookkit.EnvValue(w.discovery, k) }
	fenv := &format.Env{Project: w.proj, Home: w.home, Getenv: getenv, SystemRoot: w.sys, Trusted: trusted}
	srcs := qwen.Format.Discover(fenv).Sources
	w.loaded, err = compat.Load(compat.Options{Project: w.proj, Home: w.home, Sources: srcs, Env: w.discovery, SystemRoot: w.sys, Trusted: trusted})
	if err != nil {
		return err
	}
	w.proto = qwen.NewProtocol(w.loaded.Vocabulary)
	w.sequential = map[string]bool{}
	for _, h := range w.loaded.Config.Hooks {
		if h.Options["sequential"] == "true" {
			w.sequential[h.Source.Event] = true
		}
	}
	for _, mt := range w.obs.Get("model_turns").Array() {
		var texts []string
		for _, m := range mt.Get("new_messages_since_last_assistant").Array() {
			if m.Get("role").String() != "user" {
				continue
			}
			if c := m.Get("content"); c.Type == gjson.String {
				texts = append(texts, c.Str)
			} else {
				for _, p := range c.Array() {
					if p.Get("type").String() == "text" {
						texts = append(texts, p.Get("text").String())
					}
				}
			}
		}
		w.turnUserTexts = append(w.turnUserTexts, texts)
	}
	w.firstPrompt = w.c.String("prompt")
	if w.firstPrompt == "" {
		w.firstPrompt = "do it"
	}
	return nil
}

func regexpNonAlnum(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}

func stdinOf(r *oracletest.HookRun) []byte {
	if r.StdinRaw != nil {
		return r.StdinRaw
	}
	return r.Stdin
}

func compactOr(b []byte) []byte {
	c, err := oracletest.Compact(b)
	if err != nil {
		return b
	}
	return c
}

var chained = map[string]string{"UserPromptSubmit": "prompt", "UserPromptExpansion": "prompt", "PreToolUse": "tool_input"}

func (w *world) sameEvent(a, b *oracletest.HookRun) bool {
	ca, cb := compactOr(a.Stdin), compactOr(b.Stdin)
	if bytes.Equal(ca, cb) {
		return true
	}
	f := chained[a.Event]
	if f == "" || !w.sequential[a.Event] {
		return false
	}
	strip := func(b []byte) string {
		var m map[string]json.RawMessage
		_ = json.Unmarshal(b, &m)
		delete(m, f)
		out, _ := json.Marshal(m)
		return string(out)
	}
	return strip(ca) == strip(cb)
}

// occurrence is one recorded event: the hook runs and the http requests
// it caused.
type occurrence struct {
	runs []oracletest.HookRun
	http []gjson.Result
}

func (w *world) occurrences() []occurrence {
	var occs []occurrence
	for _, g := range oracletest.Group(w.c.HookRuns, w.sameEvent) {
		occs = append(occs, occurrence{runs: g})
	}
	// http hooks leave no capture: their requests' bodies are the
	// payloads; they join the event with the same payload, or are one.
	for _, req := range w.obs.Get("http_hook_requests").Array() {
		body := compactOr([]byte(req.Get("body").Raw))
		found := false
		for i := range occs {
			if len(occs[i].runs) > 0 && bytes.Equal(compactOr(occs[i].runs[0].Stdin), body) {
				occs[i].http = append(occs[i].http, req)
				found = true
				break
			}
			if len(occs[i].runs) == 0 && bytes.Equal(compactOr([]byte(occs[i].http[0].Get("body").Raw)), body) && !occs[i].hasPath(req.Get("path").String()) {
				occs[i].http = append(occs[i].http, req)
				found = true
				break
			}
		}
		if !found {
			occs = append(occs, occurrence{http: []gjson.Result{req}})
		}
	}
	return occs
}

func (o *occurrence) hasPath(p string) bool {
	for _, h := range o.http {
		if h.Get("path").String() == p {
			return true
		}
	}
	return false
}

func (o *occurrence) payload() []byte {
	if len(o.runs) > 0 {
		return compactOr(stdinOf(&o.runs[0]))
	}
	return compactOr([]byte(o.http[0].Get("body").Raw))
}

func (o *occurrence) event() string {
	if len(o.runs) > 0 {
		return o.runs[0].Event
	}
	return o.http[0].Get("body.hook_event_name").String()
}

func (w *world) clearCaptures() {
	entries, _ := os.ReadDir(w.captures)
	for _, e := range entries {
		_ = os.Remove(filepath.Join(w.captures, e.Name()))
	}
}

func (w *world) run() {
	w.taken = map[string]map[int]bool{}
	for i, occ := range w.occurrences() {
		w.occurrence(i, occ)
	}
	w.checkStops()
}

func (w *world) normalized(s string) string { return w.ph.Normalize(s) }

func (w *world) occurrence(i int, occ occurrence) {
	where := fmt.Sprintf("event %d (%s)", i+1, occ.event())
	payload := []byte(w.ph.Expand(string(occ.payload())))
	ev, wire, err := compat.ParseEventWith(payload, w.proj, w.loaded.Vocabulary)
	if err != nil {
		w.problem("%s: the recorded payload does not read: %v", where, err)
		return
	}
	if wire != settings.ProtocolQwen {
		w.problem("%s: the payload is read as %q, not as Qwen's", where, wire)
	}
	w.clearCaptures()
	w.http.take()
	eng, err := compat.NewEngine(w.loaded, runner.Options{Workspace: w.proj, Env: w.launch, Protocols: []runner.Protocol{w.proto}, Judge: w.judge, DrainTimeout: 10 * time.Second})
	if err != nil {
		w.problem("%s: engine: %v", where, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		w.problem("%s: fire: %v", where, err)
		return
	}
	_ = eng.Close(ctx) // detached hooks (MessageDisplay, async) finish first
	caps, err := oracletest.ReadCaptures(w.captures)
	if err != nil {
		w.problem("%s: captures: %v", where, err)
		return
	}
	w.compareRuns(where, occ.runs, caps)
	w.compareHTTP(where, occ.http, w.http.take())
	f, _ := format.Lookup(settings.ProtocolQwen)
	rd := f.(format.Renderer).Render(out, w.loaded.Vocabulary).(*qwen.Rendering)
	var first oracletest.HookRun
	if len(occ.runs) > 0 {
		first = occ.runs[0]
	}
	w.checkRendering(where, occ.event(), occ.payload(), first, rd)
}

func (w *world) compareRuns(where string, occ []oracletest.HookRun, caps []oracletest.Capture) {
	var want, got []string
	for _, r := range occ {
		want = append(want, r.Name)
	}
	for _, c := range caps {
		got = append(got, c.Name)
	}
	ws, gs := append([]string(nil), want...), append([]string(nil), got...)
	sort.Strings(ws)
	sort.Strings(gs)
	if strings.Join(ws, ",") != strings.Join(gs, ",") {
		w.problem("%s: hooks that ran: Qwen %v, hookcompat %v", where, want, got)
		return
	}
	if len(occ) > 0 && w.sequential[occ[0].Event] && strings.Join(want, ",") != strings.Join(got, ",") {
		w.problem("%s: sequential order: Qwen %v, hookcompat %v", where, want, got)
	}
	used := map[int]bool{}
	for ri := range occ {
		r := &occ[ri]
		var c *oracletest.Capture
		for ci := range caps {
			if !used[ci] && caps[ci].Name == r.Name {
				c, used[ci] = &caps[ci], true
				break
			}
		}
		who := fmt.Sprintf("%s hook %s", where, r.Name)
		want := string(compactOr(stdinOf(r)))
		if r.StdinRaw != nil && !jsonEqual([]byte(want), r.Stdin) {
			w.problem("%s: the recording is inconsistent: raw/captures has stdin %s, observed.json %s", who, want, compactOr(r.Stdin))
		}
		if got := w.normalized(string(c.Stdin)); got != want {
			w.problem("%s: stdin differs:\n  Qwen       %s\n  hookcompat %s", who, want, got)
		}
		if strings.HasSuffix(string(c.Stdin), "\n") != r.StdinNewline {
			w.problem("%s: trailing newline of stdin: Qwen %v", who, r.StdinNewline)
		}
		added, changed, removed := oracletest.EnvDiff(c.Env, w.launch)
		for k, v := range r.EnvAdded {
			if launcherEnv[k] {
				continue
			}
			if g, ok := added[k]; !ok {
				w.problem("%s: Qwen added %s=%s to the environment, hookcompat did not", who, k, v)
			} else if w.normalized(g) != v {
				w.problem("%s: %s: Qwen %q, hookcompat %q", who, k, v, w.normalized(g))
			}
		}
		for k, v := range added {
			if _, ok := r.EnvAdded[k]; !ok && !launcherEnv[k] {
				w.problem("%s: hookcompat added %s=%s, Qwen did not", who, k, w.normalized(v))
			}
		}
		for k, v := range r.EnvChanged {
			if w.normalized(changed[k]) != v {
				w.problem("%s: Qwen changed %s to %q, hookcompat %q", who, k, v, w.normalized(changed[k]))
			}
		}
		if len(removed) > 0 && len(r.EnvRemoved) == 0 {
			w.problem("%s: hookcompat removed %v from the environment", who, removed)
		}
		if len(r.Argv) > 0 {
			var ga []string
			for _, a := range c.Argv {
				ga = append(ga, w.normalized(a))
			}
			if strings.Join(ga, "\x00") != strings.Join(r.Argv, "\x00") {
				w.problem("%s: argv: Qwen %q, hookcompat %q", who, r.Argv, ga)
			}
		}
		if r.Cwd != "" && w.normalized(c.Cwd) != r.Cwd {
			w.problem("%s: cwd: Qwen %s, hookcompat %s", who, r.Cwd, w.normalized(c.Cwd))
		}
		if r.ExitCode != nil && r.EndMS != nil && c.ExitCode != *r.ExitCode {
			w.problem("%s: exit status: Qwen %d, hookcompat %d", who, *r.ExitCode, c.ExitCode)
		}
	}
}

// jsonEqual compares a raw capture with observed.json's stdin as JSON
// values (numbers by value: the harness wrote 0.00005 as 5e-05); strings
// of observed.json shortened to "<N chars sha256=…>" match anything.
func jsonEqual(raw, observed []byte) bool {
	var a, b any
	if json.Unmarshal(raw, &a) != nil || json.Unmarshal(observed, &b) != nil {
		return bytes.Equal(raw, observed)
	}
	return sameValue(a, b)
}

func sameValue(a, b any) bool {
	switch bv := b.(type) {
	case map[string]any:
		av, ok := a.(map[string]any)
		if !ok || len(av) != len(bv) {
			return false
		}
		for k, v := range bv {
			if !sameValue(av[k], v) {
				return false
			}
		}
		return true
	case []any:
		av, ok := a.([]any)
		if !ok || len(av) != len(bv) {
			return false
		}
		for i := range bv {
			if !sameValue(av[i], bv[i]) {
				return false
			}
		}
		return true
	case string:
		if strings.HasPrefix(bv, "<") && strings.Contains(bv, " chars sha256=") {
			return true
		}
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func (w *world) compareHTTP(where string, want []gjson.Result, got []httpReq) {
	if len(want) != len(got) {
		var wp, gp []string
		for _, r := range want {
			wp = append(wp, r.Get("path").String())
		}
		for _, r := range got {
			gp = append(gp, r.path)
		}
		w.problem("%s: http hook requests: Qwen %v, hookcompat %v", where, wp, gp)
		return
	}
	used := map[int]bool{}
	for _, r := range want {
		path := w.ph.Expand(r.Get("path").String())
		var g *httpReq
		for i := range got {
			if !used[i] && got[i].path == path {
				g, used[i] = &got[i], true
				break
			}
		}
		if g == nil {
			w.problem("%s: Qwen posted to %s, hookcompat did not", where, path)
			continue
		}
		if a, b := string(compactOr([]byte(r.Get("body").Raw))), w.normalized(string(g.body)); a != b {
			w.problem("%s: http body to %s:\n  Qwen       %s\n  hookcompat %s", where, path, a, b)
		}
		r.Get("headers").ForEach(func(k, v gjson.Result) bool {
			name := k.String()
			if strings.HasPrefix(name, "x-") || name == "content-type" {
				if gv := g.headers.Get(name); w.normalized(gv) != v.String() {
					w.problem("%s: http header %s: Qwen %q, hookcompat %q", where, name, v.String(), gv)
				}
			}
			return true
		})
	}
}

// callFor finds the recorded tool call of a tool event payload: the first
// call of that name and input not taken yet by an event of the same kind
// (a PreToolUse after a PermissionRequest rewrite matches the rewritten
// input).
func (w *world) callFor(kind string, payload []byte) int {
	name := gjson.GetBytes(payload, "tool_name").String()
	in := string(compactOr([]byte(gjson.GetBytes(payload, "tool_input").Raw)))
	id := gjson.GetBytes(payload, "tool_call_id").String()
	if w.taken[kind] == nil {
		w.taken[kind] = map[int]bool{}
	}
	calls := w.obs.Get("tool_calls").Array()
	for i, tc := range calls {
		if w.taken[kind][i] || tc.Get("name").String() != name {
			continue
		}
		if (id != "" && tc.Get("call_id").String() == id) || string(compactOr([]byte(tc.Get("input_from_model").Raw))) == in {
			w.taken[kind][i] = true
			return i
		}
	}
	for _, rw := range w.rewrites {
		if string(compactOr(rw)) == in {
			for i, tc := range calls {
				if !w.taken[kind][i] && tc.Get("name").String() == name {
					w.taken[kind][i] = true
					return i
				}
			}
		}
	}
	return -1
}

func (w *world) output(i int) (string, bool) {
	o := w.obs.Get(fmt.Sprintf("tool_calls.%d.output_sent_to_model", i))
	if !o.Exists() || o.Type == gjson.Null {
		return "", false
	}
	return o.String(), true
}

func (w *world) checkRendering(where, event string, payload []byte, first oracletest.HookRun, rd *qwen.Rendering) {
	switch event {
	case "PreToolUse":
		i := w.callFor(event, payload)
		if i < 0 {
			if w.obs.Get("tool_calls.#").Int() > 0 {
				w.problem("%s: the payload's call is none the model made", where)
			}
			return
		}
		out, ok := w.output(i)
		if rd.ToolRuns != nil && !*rd.ToolRuns {
			if !ok || out != w.normalized(*rd.ToolResult) {
				w.problem("%s: Qwen's tool result %q, hookcompat refuses the call with %q", where, out, *rd.ToolResult)
			}
		} else if ok && w.refused(i, out) {
			w.problem("%s: Qwen refused the call (%q), hookcompat lets it run", where, out)
		}
	case "PostToolUse", "PostToolUseFailure":
		i := w.callFor(event, payload)
		if i < 0 || rd.ToolResult == nil {
			return
		}
		if out, ok := w.output(i); ok && out != w.normalized(*rd.ToolResult) {
			w.problem("%s: Qwen sent the model %q, hookcompat %q", where, out, w.normalized(*rd.ToolResult))
		}
	case "PermissionRequest":
		if rd.ToolRuns != nil && *rd.ToolRuns && rd.EffectiveInput != nil {
			w.rewrites = append(w.rewrites, rd.EffectiveInput)
		}
		i := w.callFor(event, payload)
		if i >= 0 && rd.ToolRuns != nil && !*rd.ToolRuns {
			if out, _ := w.output(i); out != w.normalized(*rd.ToolResult) {
				w.problem("%s: Qwen's tool result %q, hookcompat %q", where, out, *rd.ToolResult)
			}
		}
	case "PostToolBatch":
		calls := gjson.GetBytes(payload, "tool_calls").Array()
		if len(calls) == 0 {
			return
		}
		last := calls[len(calls)-1]
		for i, tc := range w.obs.Get("tool_calls").Array() {
			if tc.Get("call_id").String() != last.Get("tool_call_id").String() {
				continue
			}
			out, _ := w.output(i)
			switch {
			case rd.BatchResult != nil:
				if want := w.normalized(*rd.BatchResult + rd.BatchSuffix); out != want {
					w.problem("%s: the batch's last result: Qwen %q, hookcompat %q", where, out, want)
				}
			case rd.BatchSuffix != "":
				if !strings.HasSuffix(out, w.normalized(rd.BatchSuffix)) {
					w.problem("%s: the batch's last result %q does not end with %q", where, out, rd.BatchSuffix)
				}
			}
		}
	case "UserPromptSubmit", "UserPromptExpansion":
		prompt := gjson.GetBytes(payload, "prompt").String()
		if prompt == "" {
			return
		}
		turn, k := -1, 0
		for ti, texts := range w.turnUserTexts {
			for j, tx := range texts {
				if tx == prompt || (event == "UserPromptExpansion" && strings.HasPrefix(tx, prompt)) {
					turn, k = ti, j
				}
			}
			if turn >= 0 {
				break
			}
		}
		switch {
		case rd.Blocked:
			if turn >= 0 && event == "UserPromptSubmit" && prompt == w.firstPrompt {
				w.problem("%s: hookcompat blocks the prompt %q, Qwen sent it", where, prompt)
			}
		case turn < 0:
			if event == "UserPromptSubmit" && prompt == w.firstPrompt && len(w.turnUserTexts) == 0 {
				w.problem("%s: Qwen did not send the prompt %q, hookcompat lets it through", where, prompt)
			}
		case event == "UserPromptSubmit":
			var parts []string
			for _, a := range w.turnUserTexts[turn][k+1:] {
				if strings.HasPrefix(a, "<qwen:user-prompt-submit-context>") {
					parts = append(parts, a)
				}
			}
			if strings.Join(parts, "\x00") != strings.Join(rd.PromptParts, "\x00") {
				w.problem("%s: context parts: Qwen %q, hookcompat %q", where, parts, rd.PromptParts)
			}
		default:
			texts := w.turnUserTexts[turn]
			got := ""
			if k+1 < len(texts) && strings.HasPrefix(texts[k+1], "\n\n") {
				got = texts[k+1]
			}
			if got != rd.PromptSuffix {
				w.problem("%s: the part after the expanded prompt: Qwen %q, hookcompat %q", where, got, rd.PromptSuffix)
			}
		}
	case "Stop", "SubagentStop":
		if event == "Stop" {
			w.stops = append(w.stops, stopOcc{run: first, render: rd})
		}
	case "TodoCreated", "TodoCompleted":
		if !rd.Blocked {
			return
		}
		found := false
		for i := range w.obs.Get("tool_calls").Array() {
			if out, _ := w.output(i); out == rd.TodoResult {
				found = true
			}
		}
		if !found {
			w.problem("%s: hookcompat blocks the todo list (%q), Qwen's todo_write did not say so", where, rd.TodoResult)
		}
	}
}

// refused reports whether a recorded call was refused before it ran: an
// error result, no PostToolUse/PostToolUseFailure of it, and not a tool's
// own output.
func (w *world) refused(i int, out string) bool {
	if strings.HasPrefix(out, "Command: ") {
		return false
	}
	id := w.obs.Get(fmt.Sprintf("tool_calls.%d.call_id", i)).String()
	for _, r := range w.c.HookRuns {
		if (r.Event == "PostToolUse" || r.Event == "PostToolUseFailure") && gjson.GetBytes(r.Stdin, "tool_call_id").String() == id {
			return false
		}
	}
	for _, e := range w.obs.Get("stream_events").Array() {
		for _, c := range e.Get("message.content").Array() {
			if c.Get("type").String() == "tool_result" && c.Get("tool_use_id").String() == id {
				return c.Get("is_error").Bool()
			}
		}
	}
	return false
}

// checkStops: a Stop event continued the turn in Qwen when another Stop of
// the same prompt followed it with stop_hook_active; hookcompat must
// predict the same, counting blocks in a row against Qwen's cap.
func (w *world) checkStops() {
	inRow := 0
	cut := w.obs.Get("exit_code").Int() == 124
	for i, s := range w.stops {
		where := fmt.Sprintf("Stop %d", i+1)
		if !gjson.GetBytes(s.run.Stdin, "stop_hook_active").Bool() {
			inRow = 0
		}
		wants := s.render.Continuation != nil
		predicted := wants && inRow+1 < s.render.StopCap
		if wants {
			inRow++
		}
		continued := i+1 < len(w.stops) && gjson.GetBytes(w.stops[i+1].run.Stdin, "stop_hook_active").Bool()
		if i+1 == len(w.stops) && cut {
			continue
		}
		if continued != predicted {
			w.problem("%s: Qwen continued the turn: %v, hookcompat: %v (blocks in a row %d, cap %d)", where, continued, predicted, inRow, s.render.StopCap)
			continue
		}
		if predicted {
			want := w.normalized(*s.render.Continuation)
			found := false
			for _, texts := range w.turnUserTexts {
				for _, tx := range texts {
					found = found || tx == want
				}
			}
			if !found {
				w.problem("%s: no model turn got the continuation %q", where, want)
			}
		}
	}
}
