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
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
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
	geminitest.CheckAlterations(t, ourCases, []geminitest.Alteration{
		{Name: "stdin", From: "hc_pre_exit1_json_deny", File: "capture", Alter: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"permission_mode":"yolo"`), []byte(`"permission_mode":"plan"`), 1)
		}},
		{Name: "decision", From: "hc_pre_two_denies_reasons", File: "observed", Alter: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"output_sent_to_model": "R2"`), []byte(`"output_sent_to_model": "R1"`), 1)
		}},
		{Name: "env", From: "hc_proc_env_and_cwd", File: "observed", Alter: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"QWEN_PROJECT_DIR": "<PROJECT>"`), []byte(`"QWEN_PROJECT_DIR": "<HOME>"`), 1)
		}},
		{Name: "hooks", From: "hc_cfg_both_scopes_order", File: "observed", Alter: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"name": "proj_b"`), []byte(`"name": "user_a"`), 1)
		}},
		// The recorded cap was 2: a settings file with another must not
		// replay (the turn goes on longer).
		{Name: "cap", From: "hc_stop_cap_setting", File: "observed", Alter: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"stopHookBlockingCap": 2`), []byte(`"stopHookBlockingCap": 5`))
		}},
		{Name: "model text", From: "hc_post_two_contexts", File: "observed", Alter: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`CTX-B &lt;b&gt;`), []byte(`CTX-B <b>`))
		}},
	}, replayQwen)
}

const replaySession = "7a1c9e2b-4d3f-4b6a-8c0d-0123456789ab"

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
	*geminitest.World
	proto         *qwen.Protocol
	judge         runner.Judge
	http          *httpFake
	turnUserTexts [][]string
	taken         map[string]map[int]bool
	rewrites      []json.RawMessage
	stops         []stopOcc
	view          []format.ModelText // the model view of the current event
	firstPrompt   string
}

type stopOcc struct {
	run    oracletest.HookRun
	render *qwen.Rendering
}

// qwenOracle is how the Qwen oracle laid out its cases: an http fake for
// the model API and the http hooks, a judge answering prompt hooks as its
// model did.
func qwenOracle(w *world) *geminitest.Agent {
	return &geminitest.Agent{
		Label: "Qwen", Format: qwen.Name, Dir: ".qwen", HomeKey: "QWEN_HOME",
		SystemDir: "qwen-code", SystemEnv: "QWEN_CODE_SYSTEM_SETTINGS_PATH", DefaultsEnv: "QWEN_CODE_SYSTEM_DEFAULTS_PATH",
		Session: replaySession, ChmodScripts: true, SubEnv: true,
		Prepare: func(rw *geminitest.World) error {
			model, _ := os.ReadFile(filepath.Join(rw.Case.Dir, "model.json"))
			var err error
			if w.http, err = newHTTPFake(gjson.GetBytes(model, "http_hooks")); err != nil {
				return err
			}
			rw.T.Cleanup(w.http.close)
			var aux []string
			for _, it := range gjson.GetBytes(model, "aux.output").Array() {
				aux = append(aux, it.Get("text").String())
			}
			w.judge = judge{answer: strings.Join(aux, "")}
			return nil
		},
		Placeholders: func(rw *geminitest.World) oracletest.Placeholders {
			return oracletest.Placeholders{"<PROJECT_SLUG>": regexpNonAlnum(rw.Proj), "<PORT>": w.http.port}
		},
		Subs: func(*geminitest.World) map[string]string { return map[string]string{"PORT": w.http.port} },
		Launch: func(*geminitest.World) []string {
			return []string{"OPENAI_API_KEY=dummy", "OPENAI_BASE_URL=http://127.0.0.1:" + w.http.port + "/v1", "OPENAI_MODEL=fake-model"}
		},
		Trusted: func(rw *geminitest.World) func(string, string) bool {
			return func(string, string) bool { return qwen.TrustedFolder(rw.AgentDir, rw.Proj) }
		},
	}
}

func replayQwen(t *testing.T, dir string) []string {
	w := &world{}
	rw, err := geminitest.New(t, qwenOracle(w), dir)
	if err != nil {
		return []string{err.Error()}
	}
	w.World = rw
	if err := w.build(); err != nil {
		return []string{"building the replay: " + err.Error()}
	}
	w.run()
	return w.Problems
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

func (w *world) build() error {
	if err := w.Build(); err != nil {
		return err
	}
	w.proto = qwen.NewProtocol(w.Loaded.Vocabulary)
	for _, mt := range w.Obs.Get("model_turns").Array() {
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
	w.firstPrompt = w.Case.String("prompt")
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

var chained = map[string]string{"UserPromptSubmit": "prompt", "UserPromptExpansion": "prompt", "PreToolUse": "tool_input"}

// occurrence is one recorded event: the hook runs and the http requests
// it caused.
type occurrence struct {
	runs []oracletest.HookRun
	http []gjson.Result
}

func (w *world) occurrences() []occurrence {
	var occs []occurrence
	for _, g := range oracletest.Group(w.Case.HookRuns, w.SameEvent(chained)) {
		occs = append(occs, occurrence{runs: g})
	}
	// http hooks leave no capture: their requests' bodies are the
	// payloads; they join the event with the same payload, or are one.
	for _, req := range w.Obs.Get("http_hook_requests").Array() {
		body := geminitest.CompactOr([]byte(req.Get("body").Raw))
		found := false
		for i := range occs {
			if len(occs[i].runs) > 0 && bytes.Equal(geminitest.CompactOr(occs[i].runs[0].Stdin), body) {
				occs[i].http = append(occs[i].http, req)
				found = true
				break
			}
			if len(occs[i].runs) == 0 && bytes.Equal(geminitest.CompactOr([]byte(occs[i].http[0].Get("body").Raw)), body) && !occs[i].hasPath(req.Get("path").String()) {
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
		return geminitest.CompactOr(geminitest.StdinOf(&o.runs[0]))
	}
	return geminitest.CompactOr([]byte(o.http[0].Get("body").Raw))
}

func (o *occurrence) event() string {
	if len(o.runs) > 0 {
		return o.runs[0].Event
	}
	return o.http[0].Get("body.hook_event_name").String()
}

func (w *world) run() {
	w.taken = map[string]map[int]bool{}
	for i, occ := range w.occurrences() {
		w.occurrence(i, occ)
	}
	w.checkStops()
}

func (w *world) occurrence(i int, occ occurrence) {
	where := fmt.Sprintf("event %d (%s)", i+1, occ.event())
	ev, ok := w.ReadEvent(where, occ.payload())
	if !ok {
		return
	}
	w.ClearCaptures()
	w.http.take()
	eng, err := compat.NewEngine(w.Loaded, runner.Options{Workspace: w.Proj, Env: w.Launch, Protocols: []runner.Protocol{w.proto}, Judge: w.judge, DrainTimeout: 10 * time.Second})
	if err != nil {
		w.Problem("%s: engine: %v", where, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		w.Problem("%s: fire: %v", where, err)
		return
	}
	_ = eng.Close(ctx) // detached hooks (MessageDisplay, async) finish first
	caps, err := oracletest.ReadCaptures(w.Captures)
	if err != nil {
		w.Problem("%s: captures: %v", where, err)
		return
	}
	w.CompareRuns(where, occ.runs, caps, geminitest.Runs{Consistent: jsonEqual, SkipEnv: func(k string) bool { return launcherEnv[k] }})
	w.compareHTTP(where, occ.http, w.http.take())
	f, _ := format.Lookup(qwen.Name)
	rd := f.(format.Renderer).Render(out, w.Loaded.Vocabulary).(*qwen.Rendering)
	w.view = compat.ModelView(out, w.Loaded.Vocabulary)
	var first oracletest.HookRun
	if len(occ.runs) > 0 {
		first = occ.runs[0]
	}
	w.checkRendering(where, occ.event(), occ.payload(), first, rd)
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
		w.Problem("%s: http hook requests: Qwen %v, hookcompat %v", where, wp, gp)
		return
	}
	used := map[int]bool{}
	for _, r := range want {
		path := w.Ph.Expand(r.Get("path").String())
		var g *httpReq
		for i := range got {
			if !used[i] && got[i].path == path {
				g, used[i] = &got[i], true
				break
			}
		}
		if g == nil {
			w.Problem("%s: Qwen posted to %s, hookcompat did not", where, path)
			continue
		}
		if a, b := string(geminitest.CompactOr([]byte(r.Get("body").Raw))), w.Normalized(string(g.body)); a != b {
			w.Problem("%s: http body to %s:\n  Qwen       %s\n  hookcompat %s", where, path, a, b)
		}
		r.Get("headers").ForEach(func(k, v gjson.Result) bool {
			name := k.String()
			if strings.HasPrefix(name, "x-") || name == "content-type" {
				if gv := g.headers.Get(name); w.Normalized(gv) != v.String() {
					w.Problem("%s: http header %s: Qwen %q, hookcompat %q", where, name, v.String(), gv)
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
	in := string(geminitest.CompactOr([]byte(gjson.GetBytes(payload, "tool_input").Raw)))
	id := gjson.GetBytes(payload, "tool_call_id").String()
	if w.taken[kind] == nil {
		w.taken[kind] = map[int]bool{}
	}
	calls := w.Obs.Get("tool_calls").Array()
	for i, tc := range calls {
		if w.taken[kind][i] || tc.Get("name").String() != name {
			continue
		}
		if (id != "" && tc.Get("call_id").String() == id) || string(geminitest.CompactOr([]byte(tc.Get("input_from_model").Raw))) == in {
			w.taken[kind][i] = true
			return i
		}
	}
	for _, rw := range w.rewrites {
		if string(geminitest.CompactOr(rw)) == in {
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
	o := w.Obs.Get(fmt.Sprintf("tool_calls.%d.output_sent_to_model", i))
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
			if w.Obs.Get("tool_calls.#").Int() > 0 {
				w.Problem("%s: the payload's call is none the model made", where)
			}
			return
		}
		out, ok := w.output(i)
		if rd.ToolRuns != nil && !*rd.ToolRuns {
			if !ok || out != w.Normalized(*rd.ToolResult) {
				w.Problem("%s: Qwen's tool result %q, hookcompat refuses the call with %q", where, out, *rd.ToolResult)
			}
			w.ViewHas(where, w.view, "tool_result", out)
		} else if ok && w.refused(i, out) {
			w.Problem("%s: Qwen refused the call (%q), hookcompat lets it run", where, out)
		}
	case "PostToolUse", "PostToolUseFailure":
		i := w.callFor(event, payload)
		if i < 0 || rd.ToolResult == nil {
			return
		}
		out, ok := w.output(i)
		if ok && out != w.Normalized(*rd.ToolResult) {
			w.Problem("%s: Qwen sent the model %q, hookcompat %q", where, out, w.Normalized(*rd.ToolResult))
		}
		if ok {
			w.ViewHas(where, w.view, "context", out)
			if len(rd.ModelText) == 1 && rd.ModelText[0] == *rd.ToolResult {
				w.ViewHas(where, w.view, "tool_result", out)
			}
		}
	case "PermissionRequest":
		if rd.ToolRuns != nil && *rd.ToolRuns && rd.EffectiveInput != nil {
			w.rewrites = append(w.rewrites, rd.EffectiveInput)
		}
		i := w.callFor(event, payload)
		if i >= 0 && rd.ToolRuns != nil && !*rd.ToolRuns {
			if out, _ := w.output(i); out != w.Normalized(*rd.ToolResult) {
				w.Problem("%s: Qwen's tool result %q, hookcompat %q", where, out, *rd.ToolResult)
			}
		}
	case "PostToolBatch":
		calls := gjson.GetBytes(payload, "tool_calls").Array()
		if len(calls) == 0 {
			return
		}
		last := calls[len(calls)-1]
		for i, tc := range w.Obs.Get("tool_calls").Array() {
			if tc.Get("call_id").String() != last.Get("tool_call_id").String() {
				continue
			}
			out, _ := w.output(i)
			switch {
			case rd.BatchResult != nil:
				if want := w.Normalized(*rd.BatchResult + rd.BatchSuffix); out != want {
					w.Problem("%s: the batch's last result: Qwen %q, hookcompat %q", where, out, want)
				}
			case rd.BatchSuffix != "":
				if !strings.HasSuffix(out, w.Normalized(rd.BatchSuffix)) {
					w.Problem("%s: the batch's last result %q does not end with %q", where, out, rd.BatchSuffix)
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
				w.Problem("%s: hookcompat blocks the prompt %q, Qwen sent it", where, prompt)
			}
		case turn < 0:
			if event == "UserPromptSubmit" && prompt == w.firstPrompt && len(w.turnUserTexts) == 0 {
				w.Problem("%s: Qwen did not send the prompt %q, hookcompat lets it through", where, prompt)
			}
		case event == "UserPromptSubmit":
			var parts []string
			for _, a := range w.turnUserTexts[turn][k+1:] {
				if strings.HasPrefix(a, "<qwen:user-prompt-submit-context>") {
					parts = append(parts, a)
				}
			}
			if strings.Join(parts, "\x00") != strings.Join(rd.PromptParts, "\x00") {
				w.Problem("%s: context parts: Qwen %q, hookcompat %q", where, parts, rd.PromptParts)
			}
		default:
			texts := w.turnUserTexts[turn]
			got := ""
			if k+1 < len(texts) && strings.HasPrefix(texts[k+1], "\n\n") {
				got = texts[k+1]
			}
			if got != rd.PromptSuffix {
				w.Problem("%s: the part after the expanded prompt: Qwen %q, hookcompat %q", where, got, rd.PromptSuffix)
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
		for i := range w.Obs.Get("tool_calls").Array() {
			if out, _ := w.output(i); out == rd.TodoResult {
				found = true
			}
		}
		if !found {
			w.Problem("%s: hookcompat blocks the todo list (%q), Qwen's todo_write did not say so", where, rd.TodoResult)
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
	id := w.Obs.Get(fmt.Sprintf("tool_calls.%d.call_id", i)).String()
	for _, r := range w.Case.HookRuns {
		if (r.Event == "PostToolUse" || r.Event == "PostToolUseFailure") && gjson.GetBytes(r.Stdin, "tool_call_id").String() == id {
			return false
		}
	}
	for _, e := range w.Obs.Get("stream_events").Array() {
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
	cut := w.Obs.Get("exit_code").Int() == 124
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
			w.Problem("%s: Qwen continued the turn: %v, hookcompat: %v (blocks in a row %d, cap %d)", where, continued, predicted, inRow, s.render.StopCap)
			continue
		}
		if predicted {
			want := w.Normalized(*s.render.Continuation)
			found := false
			for _, texts := range w.turnUserTexts {
				for _, tx := range texts {
					found = found || tx == want
				}
			}
			if !found {
				w.Problem("%s: no model turn got the continuation %q", where, want)
			}
		}
	}
}
