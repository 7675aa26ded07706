package copilot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The Copilot oracle replay: every recorded case folder —
// ../shared/copilot-oracle/cases, our recordings in
// testdata/recordings/copilot and each folder of
// $HOOKCOMPAT_COPILOT_ORACLE_CASES (colon-separated) — is rebuilt in a
// temp dir as the oracle laid it out (the hooks file in
// .github/hooks, ~/.copilot/hooks or ~/.copilot/settings.json, the
// case's files, its hook scripts unchanged with our own capture script),
// its hooks are loaded by the Copilot format as Copilot finds them
// (trust as the case ran), and every event Copilot fired (grouped from
// hook_runs, with the recorded stdin) is fired through an engine;
// tool-call events Copilot fired without running a hook are synthesised
// from the recorded calls, so that hooks that must not run are checked
// too. Compared: which hooks ran (multiset, exit codes), their stdin
// bytes, environment and working directory, and what the model got —
// each call's result, its arguments in the history, and every user
// message a hook added — both ways: each text the rendering predicts is
// in the recording, and each hook text in the recording is predicted.

const copilotCasesEnv = "HOOKCOMPAT_COPILOT_ORACLE_CASES"

// replayOnlyEnv, when set, replays only the cases whose name contains it.
const replayOnlyEnv = "HOOKCOMPAT_COPILOT_REPLAY_ONLY"

// reporter is what the replay needs of a test.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
	Fatal(args ...any)
	TempDir() string
}

// collector gathers one case's messages for a replay run outside its
// test's goroutine.
type collector struct {
	mu         sync.Mutex
	errs, logs []string
	root       string
	n          int
}

type errFatal struct{}

func (*collector) Helper() {}
func (c *collector) Errorf(f string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errs = append(c.errs, fmt.Sprintf(f, a...))
}
func (c *collector) Logf(f string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.logs = append(c.logs, fmt.Sprintf(f, a...))
}
func (c *collector) Fatal(a ...any) {
	c.Errorf("%s", fmt.Sprint(a...))
	panic(errFatal{})
}
func (c *collector) TempDir() string {
	c.mu.Lock()
	c.n++
	d := filepath.Join(c.root, fmt.Sprint(c.n))
	c.mu.Unlock()
	if err := os.MkdirAll(d, 0o755); err != nil {
		c.Fatal(err)
	}
	return d
}

// run replays the case in dir into c, recovering a Fatal.
func (c *collector) run(dir string) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(errFatal); !ok {
				c.Errorf("panic: %v", r)
			}
		}
	}()
	cs, err := oracletest.Load(dir)
	if err != nil {
		c.Fatal(err)
	}
	replayCase(c, cs)
}

const replayParallel = 6

func replayDirs(t *testing.T) []string {
	all := oracletest.Dirs(t, filepath.Join("..", "..", "..", "shared", "copilot-oracle", "cases"),
		filepath.Join("..", "..", "testdata", "recordings", "copilot"), copilotCasesEnv)
	var dirs []string
	for _, d := range all {
		if strings.Contains(filepath.Base(d), os.Getenv(replayOnlyEnv)) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// TestCopilotOracleReplay replays every case folder (see above), several
// at once; each case is a subtest with the case's messages.
func TestCopilotOracleReplay(t *testing.T) {
	dirs := replayDirs(t)
	root := t.TempDir()
	results := make([]*collector, len(dirs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, replayParallel)
	for i, dir := range dirs {
		c := &collector{root: filepath.Join(root, fmt.Sprint(i))}
		results[i] = c
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c.run(dir)
		}()
	}
	wg.Wait()
	passed := 0
	for i, dir := range dirs {
		c := results[i]
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, l := range c.logs {
				t.Log(l)
			}
			for _, e := range c.errs {
				t.Error(e)
			}
			if len(c.errs) == 0 {
				passed++
			}
		})
	}
	t.Logf("Copilot oracle replay: %d of %d cases match", passed, len(dirs))
}

// Fake ids of the recordings' shape.
const (
	fakeSession = "0198e5e5-5e55-7e55-8e55-5e55e55e5e55"
	fakeUUID    = "0198aaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
)

// layout is a case rebuilt on disk.
type layout struct {
	root, home, copilotHome, proj, cwd, hooks, captures string
	ph                                                  oracletest.Placeholders
	env                                                 []string
	trusted                                             bool
}

func must(t reporter, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func buildLayout(t reporter, c *oracletest.Case) *layout {
	l := &layout{root: t.TempDir()}
	l.home = filepath.Join(l.root, "home")
	l.copilotHome = filepath.Join(l.home, ".copilot")
	l.proj = filepath.Join(l.root, "proj")
	l.hooks = filepath.Join(l.proj, ".github", "hooks")
	l.captures = filepath.Join(l.root, "captures")
	tmp := filepath.Join(l.root, "tmp")
	for _, d := range []string{l.home, l.copilotHome, l.proj, l.hooks, l.captures, tmp} {
		must(t, os.MkdirAll(d, 0o755))
	}
	subst := map[string]string{"PROJECT": l.proj, "HOME": l.home, "HOOKS": l.hooks, "CAPTURES": l.captures, "TMP": l.root}
	sub := func(s string, jsonEscape bool) string {
		for k, v := range subst {
			if jsonEscape {
				b, _ := json.Marshal(v)
				v = string(b[1 : len(b)-1])
			}
			s = strings.ReplaceAll(s, "{{"+k+"}}", v)
		}
		return s
	}
	must(t, c.InstallHooks(l.hooks, l.captures, oracletest.Placeholders{}))
	userSettings := map[string]any{}
	if us, ok := c.Spec["user_settings"].(map[string]any); ok {
		b, _ := json.Marshal(us)
		must(t, json.Unmarshal([]byte(sub(string(b), true)), &userSettings))
	}
	if data, err := os.ReadFile(filepath.Join(c.Dir, "hooks.json")); err == nil {
		text := sub(string(data), true)
		file := c.String("hooks_file")
		if file == "" {
			file = "oracle.json"
		}
		switch c.String("hooks_location") {
		case "", "repo":
			must(t, os.WriteFile(filepath.Join(l.hooks, file), []byte(text), 0o644))
		case "user-settings":
			var doc map[string]any
			must(t, json.Unmarshal([]byte(text), &doc))
			userSettings["hooks"] = doc["hooks"]
		case "user-dir":
			must(t, os.MkdirAll(filepath.Join(l.copilotHome, "hooks"), 0o755))
			must(t, os.WriteFile(filepath.Join(l.copilotHome, "hooks", file), []byte(text), 0o644))
		}
	}
	if len(userSettings) > 0 {
		b, _ := json.MarshalIndent(userSettings, "", "  ")
		must(t, os.WriteFile(filepath.Join(l.copilotHome, "settings.json"), b, 0o644))
	}
	write := func(root string, files any, jsonEscape bool) {
		m, _ := files.(map[string]any)
		for rel, content := range m {
			p := filepath.Join(root, rel)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			s, _ := content.(string)
			must(t, os.WriteFile(p, []byte(sub(s, jsonEscape)), 0o644))
		}
	}
	write(l.proj, c.Spec["files"], false)
	write(l.home, c.Spec["home_files"], false)
	write(l.hooks, c.Spec["extra_hook_files"], true)
	if c.Spec["git_init"] == true {
		if out, err := exec.Command("git", "init", "-q", l.proj).CombinedOutput(); err != nil {
			t.Logf("git init: %v: %s; an empty .git stands in", err, out)
			must(t, os.MkdirAll(filepath.Join(l.proj, ".git"), 0o755))
		}
	}
	l.cwd = l.proj
	if s := c.String("cwd_sub"); s != "" {
		l.cwd = filepath.Join(l.proj, s)
		must(t, os.MkdirAll(l.cwd, 0o755))
	}
	l.trusted = c.String("trust") != "none"
	// The oracle's scripts keep state between runs in
	// $ORACLE_CAPTURE_DIR (a hook that blocks once): a folder of the
	// case that the replay does not clear.
	state := filepath.Join(l.root, "state")
	must(t, os.MkdirAll(state, 0o755))
	l.env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + l.home, "TERM=dumb", "LANG=C.UTF-8", "TMPDIR=" + tmp,
		"SHELL=/bin/bash", "ORACLE_MARKER=inherited-from-launch-env", "ORACLE_CAPTURE_DIR=" + state,
		"COPILOT_OFFLINE=true", "COPILOT_PROVIDER_BASE_URL=http://127.0.0.1:1/v1", "COPILOT_PROVIDER_API_KEY=dummy",
		"COPILOT_MODEL=claude-sonnet-4.6", "COPILOT_AUTO_UPDATE=false", "COPILOT_PKG_CACHE_HOME=" + filepath.Join(l.root, "pkg"),
	}
	if c.String("trust") == "env" {
		l.env = append(l.env, "COPILOT_ALLOW_ALL=true")
	}
	if env, ok := c.Spec["env"].(map[string]any); ok {
		for k, v := range env {
			if v == nil {
				l.env = hookkit.WithoutEnv(l.env, k)
				continue
			}
			s, _ := v.(string)
			l.env = hookkit.WithEnv(l.env, map[string]string{k: s})
		}
	}
	l.ph = oracletest.Placeholders{
		"<PROJECT>": l.proj, "<HOME>": l.home, "<CAPTURES>": l.captures, "<TMP>": l.root,
		"<SESSION>": fakeSession, "<UUID>": fakeUUID,
	}
	return l
}

var (
	uuidRE      = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	msTimeRE    = regexp.MustCompile(`"timestamp":\d+`)
	isoTimeRE   = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?`)
	datetimeRE  = regexp.MustCompile(`<current_datetime>[^<]*</current_datetime>`)
	portRE      = regexp.MustCompile(`127\.0\.0\.1:\d+`)
	stackLineRE = regexp.MustCompile(`"stack":"[^"]*"`)
)

// norm writes a replay value back in the recordings' placeholders.
func (l *layout) norm(s string) string {
	s = strings.ReplaceAll(s, fakeSession, "<SESSION>")
	s = l.ph.Normalize(s)
	s = uuidRE.ReplaceAllString(s, "<UUID>")
	s = datetimeRE.ReplaceAllString(s, "<current_datetime><DATETIME></current_datetime>")
	s = msTimeRE.ReplaceAllString(s, `"timestamp":"<N>"`)
	s = isoTimeRE.ReplaceAllString(s, "<TIMESTAMP>")
	s = portRE.ReplaceAllString(s, "127.0.0.1:<PORT>")
	return stackLineRE.ReplaceAllString(s, `"stack":"…"`)
}

// observed is the part of observed.json the replay reads.
type observed struct {
	ExitCode    int   `json:"exit_code"`
	APIRequests []any `json:"api_requests"`
	ModelTurns  []struct {
		New []message `json:"new_messages_since_last_assistant"`
	} `json:"model_turns"`
	OtherTurns []struct {
		Kind      string    `json:"kind"`
		New       []message `json:"new_messages_since_last_assistant"`
		FirstUser *message  `json:"first_user_message"`
	} `json:"other_turns"`
	ToolCalls []struct {
		CallID  string          `json:"call_id"`
		Name    string          `json:"name"`
		Agent   string          `json:"agent"`
		Input   json.RawMessage `json:"input_from_model"`
		Echoed  json.RawMessage `json:"input_as_echoed_in_history"`
		Output  *string         `json:"output_sent_to_model"`
		Outcome *struct {
			Success bool `json:"success"`
			Result  *struct {
				Content string `json:"content"`
			} `json:"result"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		} `json:"execution_complete"`
	} `json:"tool_calls"`
	StreamEvents []struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	} `json:"stream_events"`
}

type message struct {
	Role    string `json:"role"`
	Content any    `json:"content"`
}

func (m message) text() string {
	switch c := m.Content.(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			if pm, ok := p.(map[string]any); ok {
				s, _ := pm["text"].(string)
				b.WriteString(s)
			}
		}
		return b.String()
	}
	return ""
}

func readObserved(t reporter, c *oracletest.Case) *observed {
	data, err := os.ReadFile(filepath.Join(c.Dir, "observed.json"))
	must(t, err)
	var o observed
	must(t, json.Unmarshal(data, &o))
	return &o
}

// firing is one event Copilot fired: its recorded runs (none for a
// synthesised one), each with its stdin.
type firing struct {
	event string // the runs' event (camelCase key)
	runs  []oracletest.HookRun
	synth *runner.Event
	call  int // the tool call it is about (-1: none known)
	out   *runner.Outcome
	rd    Rendering
}

// recordedStdin is a run's stdin as the hook got it (raw capture bytes
// when present), placeholders in it.
func recordedStdin(h oracletest.HookRun) []byte {
	if h.StdinRaw != nil {
		return h.StdinRaw
	}
	var buf bytes.Buffer
	if json.Compact(&buf, h.Stdin) != nil {
		return h.Stdin
	}
	return buf.Bytes()
}

// runEvent is the camelCase event key a hook run is for.
func runEvent(h oracletest.HookRun) (*row, bool) {
	_, r, _, err := NewProtocol(nil).FromPayload(recordedStdin(h), "")
	if err != nil {
		return nil, false
	}
	return r, r != nil
}

// sameEvent reports whether two runs are of one firing: the same event
// and the same payload apart from the dialect and the timestamp.
func sameEvent(a, b oracletest.HookRun) bool {
	ra, ok1 := runEvent(a)
	rb, ok2 := runEvent(b)
	if !ok1 || !ok2 || ra != rb {
		return false
	}
	p := NewProtocol(nil)
	ea, _, _, _ := p.FromPayload(recordedStdin(a), "")
	eb, _, _, _ := p.FromPayload(recordedStdin(b), "")
	ea.Extra, eb.Extra = nil, nil
	ja, _ := json.Marshal(ea)
	jb, _ := json.Marshal(eb)
	return bytes.Equal(ja, jb)
}

// chained reports whether run b is a later preToolUse hook of a's call
// that got the arguments an earlier hook rewrote: same tool, other
// arguments.
func chained(r *row, a, b oracletest.HookRun) bool {
	if r.Reply != replyGate {
		return false
	}
	p := NewProtocol(nil)
	ea, _, _, err1 := p.FromPayload(recordedStdin(a), "")
	eb, _, _, err2 := p.FromPayload(recordedStdin(b), "")
	return err1 == nil && err2 == nil && ea.Tool == eb.Tool && ea.SessionID == eb.SessionID
}

// groupFirings groups hook runs into firings: consecutive runs of one
// event with the same payload, a new firing when a hook label repeats.
func groupFirings(t reporter, c *oracletest.Case) []*firing {
	var out []*firing
	var cur *firing
	for _, h := range c.HookRuns {
		r, ok := runEvent(h)
		if !ok {
			t.Errorf("hook run %d (%s): the recorded stdin is no Copilot payload hookcompat reads: %s", h.Index, h.Name, recordedStdin(h))
			continue
		}
		repeat := false
		if cur != nil {
			for _, x := range cur.runs {
				repeat = repeat || x.Name == h.Name
			}
		}
		if cur != nil && cur.event == r.Camel && !repeat && (sameEvent(cur.runs[0], h) || chained(r, cur.runs[len(cur.runs)-1], h)) {
			cur.runs = append(cur.runs, h)
			continue
		}
		cur = &firing{event: r.Camel, runs: []oracletest.HookRun{h}, call: -1}
		out = append(out, cur)
	}
	return out
}

// replayCase replays one case; failures go to t.
func replayCase(t reporter, c *oracletest.Case) {
	obs := readObserved(t, c)
	l := buildLayout(t, c)
	env := &format.Env{
		Project: l.cwd, Home: l.home,
		Trusted: func(string, string) bool { return l.trusted },
		Getenv:  func(string) string { return "" },
	}
	srcs := append(Format.Discover(env).Sources, ClaudeSources(l.cwd)...)
	res, err := Format.Load(srcs, env)
	if err != nil {
		t.Errorf("load: %v", err)
		return
	}
	cfg := res.Config
	firings := groupFirings(t, c)
	firings = append(firings, synthesize(obs, firings, cfg, l)...)
	used := map[int]bool{}
	for _, f := range firings {
		replayFiring(t, obs, l, cfg, f, used)
	}
	compareModel(t, c, obs, l, firings)
}

// eventOf reads the firing's event: from a camelCase run when there is
// one (it carries the real timestamp), the workspace the case's cwd.
func eventOf(t reporter, l *layout, f *firing) (runner.Event, bool) {
	if f.synth != nil {
		return f.synth.Clone(), true
	}
	pick := f.runs[0]
	for _, h := range f.runs {
		if !bytes.HasPrefix(recordedStdin(h), []byte(`{"hook_event_name"`)) {
			pick = h
			break
		}
	}
	ev, _, _, err := NewProtocol(nil).FromPayload([]byte(l.ph.Expand(string(recordedStdin(pick)))), l.cwd)
	if err != nil {
		t.Errorf("%s: reading the recorded payload: %v", f.event, err)
		return runner.Event{}, false
	}
	ev.Workspace = l.cwd
	return ev, true
}

func replayFiring(t reporter, obs *observed, l *layout, cfg *settings.Config, f *firing, used map[int]bool) {
	es, err := os.ReadDir(l.captures)
	must(t, err)
	for _, e := range es {
		os.RemoveAll(filepath.Join(l.captures, e.Name()))
	}
	ev, ok := eventOf(t, l, f)
	if !ok {
		return
	}
	f.call = findCall(obs, ev, used)
	p := NewProtocol(nil)
	eng, err := runner.New(cfg, runner.Options{Workspace: l.cwd, Env: l.env, Protocols: []runner.Protocol{p}, MaxParallel: -1})
	if err != nil {
		t.Errorf("engine: %v", err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		t.Errorf("%s: fire: %v", f.event, err)
		return
	}
	_ = eng.Close(ctx)
	f.out = out
	f.rd = p.Render(out)
	caps, err := oracletest.ReadCaptures(l.captures)
	must(t, err)
	label := f.event
	if f.synth != nil {
		label += " (no hook ran in Copilot)"
	}
	want, got := map[string]int{}, map[string]int{}
	for _, h := range f.runs {
		want[runKey(h.Name, h.ExitCode)]++
	}
	for _, cp := range caps {
		var code *int
		if cp.ExitCode >= 0 {
			v := cp.ExitCode
			code = &v
		}
		got[runKey(cp.Name, code)]++
	}
	if !equalCounts(want, got) {
		t.Errorf("%s: hooks that ran (name=exit) differ:\n  copilot:    %s\n  hookcompat: %s\n  traces: %s", label, countsString(want), countsString(got), traceString(out))
		return
	}
	for _, cp := range caps {
		var rec *oracletest.HookRun
		for i := range f.runs {
			if f.runs[i].Name == cp.Name {
				rec = &f.runs[i]
			}
		}
		if rec == nil {
			continue
		}
		wantIn := l.norm(l.ph.Expand(string(recordedStdin(*rec))))
		if g := l.norm(string(cp.Stdin)); g != wantIn {
			t.Errorf("%s: %s got stdin\n  %s\nCopilot sent\n  %s", label, cp.Name, g, wantIn)
		}
		if rec.Cwd != "" && l.norm(cp.Cwd) != rec.Cwd {
			t.Errorf("%s: %s ran in %s, Copilot ran it in %s", label, cp.Name, l.norm(cp.Cwd), rec.Cwd)
		}
		if d, w := envDiff(l, cp.Env), recordedEnvDiff(*rec); d != w {
			t.Errorf("%s: %s: the environment differs from the launch environment by\n  %s\nCopilot's (its launcher aside) by\n  %s", label, cp.Name, d, w)
		}
	}
}

// findCall returns the index of the recorded tool call ev is about (the
// first not yet claimed with the same tool and arguments), or -1.
func findCall(obs *observed, ev runner.Event, used map[int]bool) int {
	r, ok := rowFor(ev.Name)
	if !ok || !r.toolEvent() {
		return -1
	}
	p := NewProtocol(nil)
	name := p.toolName(ev.Tool)
	args := canonJSON(p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args))
	for _, phase := range []bool{true, false} {
		for i, tc := range obs.ToolCalls {
			if tc.Name != name || (phase && used[i]) {
				continue
			}
			in := canonJSON(tc.Input)
			if r.Reply == replyResult || r.Reply == replyGuidance {
				in = canonJSON(tc.Echoed)
			}
			if r.Shape == shapePermission || in == args || canonJSON(tc.Input) == args {
				if r.Reply == replyGate {
					used[i] = true
				}
				return i
			}
		}
	}
	return -1
}

func canonJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// synthesize makes the tool-call events Copilot fired without running a
// hook (a matcher that selected none): a preToolUse for every call the
// model made that no recorded preToolUse firing covers, and a postToolUse
// or postToolUseFailure for every call that ran, when the case has hooks
// on that event.
func synthesize(obs *observed, firings []*firing, cfg *settings.Config, l *layout) []*firing {
	has := map[settings.Event]bool{}
	for i := range cfg.Hooks {
		has[cfg.Hooks[i].Event] = true
	}
	p := NewProtocol(nil)
	covered := map[string]int{}
	for _, f := range firings {
		ev, err := eventFromRun(f.runs[0], l)
		if err != nil {
			continue
		}
		covered[string(ev.Name)+"\x00"+p.toolName(ev.Tool)+"\x00"+canonJSON(p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args))]++
	}
	var out []*firing
	add := func(e settings.Event, name string, args json.RawMessage, result json.RawMessage, errText string) {
		tool := p.vocab.Name(Dialect, translate.Native, name)
		k := string(e) + "\x00" + name + "\x00" + canonJSON(args)
		if covered[k] > 0 {
			covered[k]--
			return
		}
		if !has[e] {
			return
		}
		ev := runner.Event{Name: e, SessionID: fakeSession, Workspace: l.cwd, Cwd: l.cwd, Tool: tool,
			Args: p.vocab.Args(Dialect, translate.Native, name, args), Result: result, Error: errText}
		r, _ := rowFor(e)
		out = append(out, &firing{event: r.Camel, synth: &ev, call: -1})
	}
	for _, tc := range obs.ToolCalls {
		if len(tc.Input) == 0 || string(tc.Input) == "null" {
			continue // Copilot's own call (a notification's read_bash)
		}
		in := json.RawMessage(l.ph.Expand(string(tc.Input)))
		add(settings.PreTool, tc.Name, in, nil, "")
		if tc.Outcome == nil || tc.Output != nil && hookText(*tc.Output) {
			continue
		}
		echoed := in
		if len(tc.Echoed) > 0 && string(tc.Echoed) != "null" {
			echoed = json.RawMessage(l.ph.Expand(string(tc.Echoed)))
		}
		if tc.Outcome.Success && tc.Outcome.Result != nil {
			res, _ := json.Marshal(map[string]string{"resultType": "success", "textResultForLlm": l.ph.Expand(tc.Outcome.Result.Content)})
			add(settings.PostTool, tc.Name, echoed, res, "")
		} else if tc.Outcome.Error != nil {
			add(settings.PostToolFailure, tc.Name, echoed, nil, tc.Outcome.Error.Message)
		}
	}
	return out
}

func eventFromRun(h oracletest.HookRun, l *layout) (runner.Event, error) {
	ev, _, _, err := NewProtocol(nil).FromPayload([]byte(l.ph.Expand(string(recordedStdin(h)))), l.cwd)
	return ev, err
}

// hookMarkers are the beginnings of the texts Copilot's hooks put in
// front of the model.
var hookMarkers = []string{
	"Denied by preToolUse hook", "Permission denied by a PermissionRequest hook", "Tool result blocked: ",
	"Additional context from preToolUse hook:", "Additional guidance from postToolUse hooks:",
	"Additional guidance from postToolUseFailure hooks:", "<system_reminder>",
}

func hookText(s string) bool {
	for _, m := range hookMarkers {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// compareModel checks what the model got against the renderings, both
// ways.
func compareModel(t reporter, c *oracletest.Case, obs *observed, l *layout, firings []*firing) {
	var userMsgs []string
	for _, mt := range obs.ModelTurns {
		for _, m := range mt.New {
			if m.Role == "user" {
				userMsgs = append(userMsgs, m.text())
			}
		}
	}
	for _, ot := range obs.OtherTurns {
		for _, m := range ot.New {
			if m.Role == "user" {
				userMsgs = append(userMsgs, m.text())
			}
		}
	}
	hasUser := func(s string) bool {
		for _, m := range userMsgs {
			if l.norm(m) == s || strings.Contains(l.norm(m), s) {
				return true
			}
		}
		return false
	}
	var predicted []string
	for _, f := range firings {
		if f.out == nil {
			continue
		}
		rd := f.rd
		var call *struct {
			output, echoed string
			raw            *string
		}
		if f.call >= 0 {
			tc := obs.ToolCalls[f.call]
			call = &struct {
				output, echoed string
				raw            *string
			}{echoed: canonJSON(tc.Echoed), raw: tc.Output}
			if tc.Output != nil {
				call.output = *tc.Output
			}
		}
		label := f.event
		for _, tx := range rd.Texts {
			text := l.norm(tx.Text)
			predicted = append(predicted, text)
			switch tx.Placement {
			case PlaceResult:
				if call != nil && call.raw != nil && call.output != text {
					t.Errorf("%s: the model got the call's result\n  %q\nhookcompat renders\n  %q", label, call.output, text)
				}
			case PlaceResultTail:
				if call != nil && call.raw != nil && !strings.HasSuffix(call.output, text) {
					t.Errorf("%s: the call's result\n  %q\ndoes not end with hookcompat's\n  %q", label, call.output, text)
				}
			case "user":
			default:
				if !hasUser(text) {
					t.Errorf("%s: hookcompat renders a %s message the model never got:\n  %q", label, tx.Placement, text)
				}
			}
		}
		if call != nil && call.raw != nil && rd.ToolRuns != nil && *rd.ToolRuns && strings.HasPrefix(call.output, "Denied by preToolUse hook") && f.event == "preToolUse" {
			t.Errorf("%s: Copilot denied the call (%q), hookcompat lets it run", label, call.output)
		}
		if rd.Args != nil && call != nil && call.echoed != "" && call.echoed != canonJSON(json.RawMessage(l.norm(string(rd.Args)))) {
			t.Errorf("%s: the call's arguments in the history are %s, hookcompat rewrites them to %s", label, call.echoed, l.norm(string(rd.Args)))
		}
		if rd.PromptDropped {
			if obs.ExitCode != 1 || len(obs.APIRequests) != 0 {
				t.Errorf("%s: hookcompat drops the prompt; Copilot exited %d after %d request(s)", label, obs.ExitCode, len(obs.APIRequests))
			}
			if !policyBlocked(obs, rd.Warning) {
				t.Errorf("%s: no policy_blocked warning %q in Copilot's output", label, rd.Warning)
			}
		}
		if rd.Prompt != nil {
			predicted = append(predicted, l.norm(*rd.Prompt))
			if !hasUser(l.norm(*rd.Prompt)) {
				t.Errorf("%s: hookcompat's prompt %q is not what the model got", label, *rd.Prompt)
			}
		}
	}
	// Every hook text the model got was predicted.
	isPredicted := func(s string) bool {
		for _, p := range predicted {
			if strings.Contains(s, p) {
				return true
			}
		}
		return false
	}
	for _, tc := range obs.ToolCalls {
		if tc.Output != nil && hookText(*tc.Output) && !isPredicted(l.norm(*tc.Output)) {
			t.Errorf("a call's result carries a hook's text hookcompat did not render: %q", *tc.Output)
		}
	}
	// Every user message is the prompt, a subagent's task, Copilot's own
	// (a compaction request, a system notification) or a hook's text
	// hookcompat rendered.
	prompts := []string{c.String("prompt")}
	if prompts[0] == "" {
		prompts[0] = "do it"
	}
	for _, tc := range obs.ToolCalls {
		var a struct {
			Prompt string `json:"prompt"`
		}
		if tc.Name == "task" && json.Unmarshal(tc.Input, &a) == nil {
			prompts = append(prompts, l.norm(l.ph.Expand(a.Prompt)))
		}
	}
	explained := func(m string) bool {
		nm := l.norm(m)
		if isPredicted(nm) && !hookText(strings.Replace(nm, longestPredicted(predicted, nm), "", 1)) {
			return true
		}
		rest := strings.TrimPrefix(nm, "<current_datetime><DATETIME></current_datetime>\n\n")
		for _, p := range prompts {
			if rest == p {
				return true
			}
		}
		return strings.HasPrefix(rest, "Please create a detailed summary") || strings.HasPrefix(rest, "<system_notification>")
	}
	for _, m := range userMsgs {
		if !explained(m) {
			t.Errorf("a user message the model got is not explained by hookcompat's rendering (nor the prompt, nor Copilot's own): %q (predicted: %q)", m, predicted)
		}
	}
	if obs.ExitCode == 1 && len(obs.APIRequests) == 0 && policyBlocked(obs, "") {
		dropped := false
		for _, f := range firings {
			dropped = dropped || f.rd.PromptDropped
		}
		if !dropped {
			t.Errorf("Copilot dropped the prompt (policy_blocked), hookcompat did not")
		}
	}
	_ = c
}

// longestPredicted is the longest predicted text s contains.
func longestPredicted(predicted []string, s string) string {
	best := ""
	for _, p := range predicted {
		if len(p) > len(best) && strings.Contains(s, p) {
			best = p
		}
	}
	return best
}

func policyBlocked(obs *observed, msg string) bool {
	for _, e := range obs.StreamEvents {
		if e.Type != "session.warning" {
			continue
		}
		var d struct {
			Type    string `json:"warningType"`
			Message string `json:"message"`
		}
		if json.Unmarshal(e.Data, &d) == nil && d.Type == "policy_blocked" && (msg == "" || d.Message == msg) {
			return true
		}
	}
	return false
}

func runKey(name string, code *int) string {
	if code == nil {
		return name + "=killed"
	}
	return fmt.Sprintf("%s=%d", name, *code)
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func countsString(m map[string]int) string {
	var keys []string
	for k, v := range m {
		keys = append(keys, fmt.Sprintf("%s×%d", k, v))
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return "(none)"
	}
	return strings.Join(keys, " ")
}

func traceString(out *runner.Outcome) string {
	var parts []string
	for _, tr := range out.Hooks {
		parts = append(parts, fmt.Sprintf("%s %s %s", tr.Command, tr.Outcome, tr.Error))
	}
	return strings.Join(parts, "; ")
}

// launcherVars are what Copilot's npm launcher sets in its own
// environment (not a hook rule).
var launcherVars = map[string]bool{"COPILOT_CLI_BINARY_VERSION": true, "COPILOT_CLI_RESOLVED_DIST_DIR": true}

// envDiff names what a hook's environment adds to (+K=V), changes in
// (~K=V) or removes from (-K) the launch environment.
func envDiff(l *layout, got map[string]string) string {
	added, changed, removed := oracletest.EnvDiff(got, hookkit.WithoutEnv(l.env, "ORACLE_CAPTURE_DIR"))
	delete(added, "ORACLE_CAPTURE_DIR")
	var diffs []string
	for k, v := range added {
		diffs = append(diffs, "+"+k+"="+l.norm(v))
	}
	for k, v := range changed {
		diffs = append(diffs, "~"+k+"="+l.norm(v))
	}
	for _, k := range removed {
		diffs = append(diffs, "-"+k)
	}
	sort.Strings(diffs)
	return strings.Join(diffs, " ")
}

// recordedEnvDiff is what Copilot changed beyond its launcher.
func recordedEnvDiff(h oracletest.HookRun) string {
	var diffs []string
	for k, v := range h.EnvAdded {
		if !launcherVars[k] {
			diffs = append(diffs, "+"+k+"="+v)
		}
	}
	for k, v := range h.EnvChanged {
		diffs = append(diffs, "~"+k+"="+v)
	}
	for _, k := range h.EnvRemoved {
		diffs = append(diffs, "-"+k)
	}
	sort.Strings(diffs)
	return strings.Join(diffs, " ")
}
