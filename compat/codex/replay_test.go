package codex

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The Codex oracle replay (codex-format model §7): every recorded case
// folder — ../shared/codex-oracle/cases, our recordings in
// testdata/recordings/codex and each folder of
// $HOOKCOMPAT_CODEX_ORACLE_CASES — is rebuilt in a temp dir (the case's
// hooks.json / hooks.toml / config / files / /etc/codex, its own hook
// scripts unchanged, our own capture script), its hooks are discovered
// by the Codex format as Codex discovers them, and every event Codex
// fired (grouped from hook_runs, with the recorded stdin) is driven
// through the engine; events Codex fired without running a hook are
// synthesised from the recorded tool calls, prompt and answers, so that
// hooks that must not run are checked too. The shell and apply_patch
// calls the recording shows Codex ran are carried out between the events,
// as in Codex (replay_sidefx_test.go). Compared: which hooks ran
// (multiset, exit codes), their stdin bytes, env and cwd, the decision,
// the effective tool input and every model-visible text.

const codexCasesEnv = "HOOKCOMPAT_CODEX_ORACLE_CASES"

// replayOnlyEnv, when set, replays only the cases whose name contains it
// (the cases replay concurrently, outside -run's reach).
const replayOnlyEnv = "HOOKCOMPAT_CODEX_REPLAY_ONLY"

// shimBinary is the hookcompat CLI, for recordings of converted hooks
// whose commands call the exec shim ({{HOOKS}}/hookcompat).
var shimBinary = testbin.Path

// replayTMP is the TMPDIR of this test process, of the same length as the
// recordings' (<TMP>/tmp, 30 bytes): the spill path of a truncated hook
// text is part of the text and its length sizes the preview.
var replayTMP string

func TestMain(m *testing.M) {
	for i := 0; i < 20 && replayTMP == ""; i++ {
		root := fmt.Sprintf("/tmp/hcx-codex-%011d", rand.Int63n(1e11))
		if err := os.Mkdir(root, 0o700); err != nil {
			continue
		}
		if err := os.Mkdir(root+"/tmp", 0o700); err == nil {
			replayTMP = root + "/tmp"
		}
	}
	if replayTMP != "" {
		os.Setenv("TMPDIR", replayTMP)
	}
	code := m.Run()
	if replayTMP != "" {
		os.RemoveAll(filepath.Dir(replayTMP))
	}
	os.Exit(code)
}

// reporter is what the replay needs of a test: messages, failures, temp
// dirs. A *testing.T is one; a [collector] is another, for replays run
// concurrently (and for the test that alters a recording).
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
	Fatal(args ...any)
	TempDir() string
}

// collector gathers one case's messages for replay outside its test's
// goroutine.
type collector struct {
	mu         sync.Mutex
	errs, logs []string
	root       string
	n          int
	// timing marks a case with a timing-dependent firing (a hook that
	// ran close to its timeout, parallel rewrites decided by which hook
	// finished last): one that differs is replayed again once the other
	// cases are done, when the machine is less loaded.
	timing bool
}

// errFatal ends a collected replay (Fatal).
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
func (c *collector) run(dir string) (skip string) {
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
	if why := unreplayable(cs); why != "" {
		return why
	}
	replayInto(c, cs)
	return ""
}

// replayParallel is how many cases replay at once: the recordings' hooks
// mostly sleep (deliberate timeouts), so more than the cores.
const replayParallel = 8

// TestCodexOracleReplay replays every case folder (see above), several at
// once; each case is a subtest with the case's messages.
func TestCodexOracleReplay(t *testing.T) {
	all := oracletest.Dirs(t, filepath.Join("..", "..", "..", "shared", "codex-oracle", "cases"),
		filepath.Join("..", "..", "testdata", "recordings", "codex"), codexCasesEnv)
	var dirs []string
	for _, d := range all {
		if strings.Contains(filepath.Base(d), os.Getenv(replayOnlyEnv)) {
			dirs = append(dirs, d)
		}
	}
	root := t.TempDir()
	type result struct {
		c    *collector
		skip string
		done chan struct{}
	}
	results := make([]*result, len(dirs))
	sem := make(chan struct{}, replayParallel)
	for i, dir := range dirs {
		res := &result{c: &collector{root: filepath.Join(root, fmt.Sprint(i))}, done: make(chan struct{})}
		results[i] = res
		go func() {
			defer close(res.done)
			sem <- struct{}{}
			defer func() { <-sem }()
			res.skip = res.c.run(dir)
		}()
	}
	// A timing-dependent case that differed is replayed again, up to
	// twice, one case at a time, once every case is done.
	for i, dir := range dirs {
		res := results[i]
		<-res.done
		for try := 1; try <= 2 && res.skip == "" && len(res.c.errs) > 0 && res.c.timing; try++ {
			again := &collector{root: filepath.Join(root, fmt.Sprintf("%d-again%d", i, try))}
			again.logs = append(res.c.logs, fmt.Sprintf("timing-dependent case differed (%s); replayed again alone (try %d)", firstLine(res.c.errs[0]), try))
			res.skip = again.run(dir)
			res.c = again
		}
		if res.skip == "" && len(res.c.errs) > 0 && res.c.timing {
			// Still different: a timing-dependent case cannot be decided
			// on a machine busier than its cores (other processes cross
			// the recorded margins); it is reported, not counted.
			if load, cpus := loadAverage(), runtime.NumCPU(); load > float64(cpus) {
				res.skip = fmt.Sprintf("timing-dependent case differed on every replay (%s) with load average %.1f on %d CPUs: not decided on a machine this busy", firstLine(res.c.errs[0]), load, cpus)
			}
		}
	}
	passed, skipped := 0, 0
	for i, dir := range dirs {
		res := results[i]
		t.Run(filepath.Base(dir), func(t *testing.T) {
			<-res.done
			for _, l := range res.c.logs {
				t.Log(l)
			}
			if res.skip != "" {
				skipped++
				t.Skip(res.skip)
			}
			for _, e := range res.c.errs {
				t.Error(e)
			}
			if len(res.c.errs) == 0 {
				passed++
			}
		})
	}
	t.Logf("Codex oracle replay: %d of %d cases match (%d skipped)", passed, len(dirs), skipped)
}

// unreplayable says why a case cannot be replayed, or "".
func unreplayable(c *oracletest.Case) string {
	for _, a := range stringsOf(c.Spec["extra_args"]) {
		if a == "resume" || a == "--last" {
			return "needs a resumed session"
		}
	}
	return ""
}

func stringsOf(v any) []string {
	arr, _ := v.([]any)
	var out []string
	for _, x := range arr {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Fake ids of the same length as the recorded ones (UUIDs), so that texts
// whose size depends on them (spill paths) are sized as recorded.
const (
	fakeSession = "0198e5e5-5e55-7e55-8e55-5e55e55e5e55"
	fakeUUID    = "0198aaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
)

func fakeTurn(n int) string { return fmt.Sprintf("0198b0b0-0000-7000-8000-%012d", n) }

// layout is a case rebuilt on disk.
type layout struct {
	root, home, codexHome, proj, cwd, captures, sys string
	ph                                              oracletest.Placeholders
	env                                             []string
	trusted                                         func(string, string) bool
	// reviewed: Codex ran without --dangerously-bypass-hook-trust, so
	// only the hooks whose review is recorded for them as they are (and
	// managed ones) run (Source.Review).
	reviewed bool
	disabled bool
	// converted: the case's hooks are converted hooks calling the exec
	// shim with Codex as its host.
	converted bool
}

func buildLayout(t reporter, c *oracletest.Case) *layout {
	l := &layout{root: t.TempDir()}
	l.home = filepath.Join(l.root, "home")
	l.codexHome = filepath.Join(l.home, ".codex")
	l.proj = filepath.Join(l.root, "proj")
	l.captures = filepath.Join(l.root, "captures")
	l.sys = filepath.Join(l.root, "sys")
	hooks := filepath.Join(l.codexHome, "hooks")
	for _, d := range []string{l.home, l.codexHome, hooks, l.proj, l.captures, l.sys} {
		must(t, os.MkdirAll(d, 0o755))
	}
	l.cwd = l.proj
	args := stringsOf(c.Spec["extra_args"])
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-C", "--cd":
			if i+1 < len(args) {
				l.cwd = filepath.Join(l.proj, args[i+1])
				i++
			}
		case "--disable":
			if i+1 < len(args) && args[i+1] == "hooks" {
				l.disabled = true
			}
		}
	}
	subst := map[string]string{"PROJECT": l.proj, "HOME": l.home, "CODEX_HOME": l.codexHome, "HOOKS": hooks, "CAPTURES": l.captures}
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
	// Hook scripts unchanged, our own capture script beside them.
	must(t, c.InstallHooks(hooks, l.captures, oracletest.Placeholders{}))
	loc := c.String("hooks_location")
	if data, err := os.ReadFile(filepath.Join(c.Dir, "hooks.json")); err == nil && bytes.Contains(data, []byte("{{HOOKS}}/hookcompat")) {
		l.converted = true
		// Converted hooks: the shim is this repository's CLI.
		bin, err := shimBinary()
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(bin)
		must(t, err)
		must(t, os.WriteFile(filepath.Join(hooks, "hookcompat"), b, 0o755))
		// What the cases' SessionStart setup handler does, done first: in
		// the recording it won the race with the converted SessionStart
		// hook that needs it.
		must(t, os.MkdirAll(filepath.Join(l.proj, ".claude"), 0o755))
		must(t, os.Symlink(hooks, filepath.Join(l.proj, ".claude", "hooks")))
	}
	if data, err := os.ReadFile(filepath.Join(c.Dir, "hooks.json")); err == nil {
		dst := filepath.Join(l.codexHome, "hooks.json")
		if loc == "project" {
			must(t, os.MkdirAll(filepath.Join(l.proj, ".codex"), 0o755))
			dst = filepath.Join(l.proj, ".codex", "hooks.json")
		}
		must(t, os.WriteFile(dst, []byte(sub(string(data), true)), 0o644))
	}
	model := c.String("model")
	if model == "" {
		model = "gpt-5.5"
	}
	cfg := []string{fmt.Sprintf("model = %q", model), ""}
	if loc == "project" || c.Spec["trust_project"] == true {
		cfg = append(cfg, fmt.Sprintf("[projects.%q]", l.proj), `trust_level = "trusted"`, "")
	}
	if extra := c.String("config_extra"); extra != "" {
		cfg = append(cfg, sub(extra, false), "")
	}
	if data, err := os.ReadFile(filepath.Join(c.Dir, "hooks.toml")); err == nil {
		cfg = append(cfg, sub(string(data), false), "")
	}
	must(t, os.WriteFile(filepath.Join(l.codexHome, "config.toml"), []byte(strings.Join(cfg, "\n")), 0o644))
	if files, ok := c.Spec["files"].(map[string]any); ok {
		for rel, content := range files {
			p := filepath.Join(l.proj, rel)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			s, _ := content.(string)
			must(t, os.WriteFile(p, []byte(sub(s, false)), 0o644))
		}
	}
	if etc, ok := c.Spec["etc_codex"].(map[string]any); ok {
		for rel, content := range etc {
			p := filepath.Join(l.sys, "etc", "codex", rel)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			s, _ := content.(string)
			must(t, os.WriteFile(p, []byte(s), 0o644))
		}
	}
	if c.Spec["git_init"] == true {
		// A real repository, as the recording's `git init`: hooks that
		// ask git (rev-parse --show-toplevel, status) get its answers.
		if out, err := exec.Command("git", "init", "-q", l.proj).CombinedOutput(); err != nil {
			t.Logf("git init: %v: %s; an empty .git stands in", err, out)
			must(t, os.MkdirAll(filepath.Join(l.proj, ".git"), 0o755))
		}
	}
	must(t, os.MkdirAll(l.cwd, 0o755))
	l.reviewed = c.String("trust") == "none"
	if !TrustedProject(l.codexHome, ProjectRoot(l.cwd)) && hasProjectHooks(l.proj) {
		// The recording's Codex did not trust the project (no
		// trust_level for it): the project's hooks stay out, the
		// user's run, as a host passing Codex's own answer
		// (TrustedProject) has it.
		l.trusted = func(string, string) bool { return false }
	}
	bash := "/bin/bash"
	l.env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + l.home, "CODEX_HOME=" + l.codexHome, "TERM=dumb",
		"LANG=C.UTF-8", "TMPDIR=" + os.TempDir(), "SHELL=" + bash,
		"ORACLE_FAKE_API_KEY=dummy", "ORACLE_MARKER=inherited-from-launch-env",
	}
	if env, ok := c.Spec["env"].(map[string]any); ok {
		for k, v := range env {
			s, _ := v.(string)
			l.env = hookkit.WithEnv(l.env, map[string]string{k: s})
		}
	}
	l.ph = oracletest.Placeholders{
		"<PROJECT>": l.proj, "<CODEX_HOME>": l.codexHome, "<HOME>": l.home, "<CAPTURES>": l.captures,
		"<SESSION>": fakeSession, "<UUID>": fakeUUID,
	}
	if replayTMP != "" {
		l.ph["<TMP>/tmp"] = replayTMP
	}
	for i := 1; i <= 40; i++ {
		l.ph[fmt.Sprintf("<TURN_%d>", i)] = fakeTurn(i)
	}
	return l
}

func must(t reporter, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// norm writes a replay value back in the recordings' placeholders.
func (l *layout) norm(s string) string {
	s = strings.ReplaceAll(s, l.sys, "") // the test's /etc/codex is under SystemRoot
	s = l.ph.Normalize(s)
	if l.converted {
		// The shim's Claude transcript beside the rollout, whose name the
		// recordings keep dated; the duration of the call, which the
		// shim reads from the rollout (the replay has none).
		s = claudeRollout.ReplaceAllString(s, "sessions/<Y>/<M>/<D>/claude-rollout-<TIMESTAMP>-")
		s = durationField.ReplaceAllString(s, "")
	}
	return uuidRE.ReplaceAllString(s, "<UUID>")
}

var (
	claudeRollout = regexp.MustCompile(`sessions/(\d{4}|<Y>)/(\d{2}|<M>)/(\d{2}|<D>)/claude-rollout-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}|<TIMESTAMP>)-`)
	durationField = regexp.MustCompile(`,"duration_ms":("<MS>"|\d+)`)
)

// firing is one event Codex fired: its recorded runs (none for a
// synthesised one) and stdin.
type firing struct {
	event string
	stdin []byte // recorded, placeholders in it
	runs  []oracletest.HookRun
	synth bool
	// After replay:
	out    *runner.Outcome
	render Rendering
	ev     runner.Event
	turn   string
}

// groupFirings groups hook runs into firings: runs of one event with the
// same stdin that start within 150 ms of the previous one, or whose hook
// has not run yet in the firing (a loaded machine can spread the starts
// of one firing; a hook runs once per firing unless listed twice).
func groupFirings(c *oracletest.Case) []*firing {
	var out []*firing
	var cur *firing
	var lastStart float64
	for _, h := range c.HookRuns {
		stdin := h.StdinRaw
		if stdin == nil {
			stdin = compactJSON(h.Stdin)
		}
		ranAlready := false
		if cur != nil {
			for _, x := range cur.runs {
				ranAlready = ranAlready || x.Name == h.Name
			}
		}
		if cur != nil && cur.event == h.Event && bytes.Equal(cur.stdin, stdin) && (h.StartMS-lastStart <= 150 || !ranAlready) {
			cur.runs = append(cur.runs, h)
			lastStart = h.StartMS
			continue
		}
		cur = &firing{event: h.Event, stdin: stdin, runs: []oracletest.HookRun{h}}
		lastStart = h.StartMS
		out = append(out, cur)
	}
	return out
}

func compactJSON(b json.RawMessage) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}

// observed is the part of observed.json the replay reads.
type observed struct {
	ExitCode    int     `json:"exit_code"`
	DurationS   float64 `json:"duration_s"`
	TimedOut    bool    `json:"timed_out"`
	Stderr      string  `json:"stderr"`
	APIRequests []any   `json:"api_requests"`
	ModelTurns  []struct {
		TurnID   string           `json:"turn_id"`
		NewInput []map[string]any `json:"new_input_since_last_model_output"`
		Reply    []map[string]any `json:"fake_reply"`
	} `json:"model_turns"`
	ToolCalls []struct {
		CallID string          `json:"call_id"`
		Name   string          `json:"name"`
		Input  json.RawMessage `json:"input_from_model"`
		Output json.RawMessage `json:"output_sent_to_model"`
	} `json:"tool_calls"`
	SideEffects  map[string]string `json:"side_effects"`
	StreamEvents []struct {
		Type string         `json:"type"`
		Item map[string]any `json:"item"`
	} `json:"stream_events"`
}

func readObserved(t reporter, c *oracletest.Case) *observed {
	data, err := os.ReadFile(filepath.Join(c.Dir, "observed.json"))
	must(t, err)
	var o observed
	must(t, json.Unmarshal(data, &o))
	return &o
}

// replayInto replays one case; failures go to r.
func replayInto(r reporter, c *oracletest.Case) {
	r.Helper()
	obs := readObserved(r, c)
	l := buildLayout(r, c)
	env := &format.Env{
		Project: l.cwd, Home: l.home, SystemRoot: l.sys, Trusted: l.trusted,
		Getenv: func(k string) string {
			if k == "CODEX_HOME" {
				return l.codexHome
			}
			return ""
		},
	}
	var cfg *settings.Config
	if !l.disabled {
		res, err := Format.Load(Format.Discover(env).Sources, env)
		startFailed := obs.ExitCode != 0 && len(obs.APIRequests) == 0 && strings.Contains(obs.Stderr, "Error loading config.toml")
		switch {
		case startFailed && err == nil:
			r.Errorf("Codex refused to start (%s), the Codex format loaded the config", firstLine(obs.Stderr))
			return
		case startFailed:
			r.Logf("load fails as Codex's start did: %v", err)
			return
		case err != nil:
			r.Errorf("load: %v", err)
			return
		}
		cfg = res.Config
		if l.reviewed {
			kept := cfg.Hooks[:0]
			for _, h := range cfg.Hooks {
				if h.Source.Review == settings.ReviewRecorded || h.Source.Review == settings.ReviewManaged {
					kept = append(kept, h)
				}
			}
			cfg.Hooks = kept
		}
	}
	firings := groupFirings(c)
	// Synthesised events go last, but SessionStart, which comes first
	// in a session (a converted case's setup hook runs on it).
	var late []*firing
	for _, f := range synthesize(c, obs, firings, l) {
		if f.event == "SessionStart" {
			firings = append([]*firing{f}, firings...)
		} else {
			late = append(late, f)
		}
	}
	firings = append(firings, late...)
	// The tool calls Codex ran between the events (replay_sidefx_test.go).
	runs, skipped := toolRuns(obs, firings, l)
	for _, s := range skipped {
		r.Logf("%s", s)
	}
	sched := scheduleToolRuns(obs, firings, runs)
	for _, f := range firings {
		for _, run := range sched[f] {
			carryOut(r, l, run)
		}
		if nearTimeout(cfg, f) {
			markTiming(r)
		}
		// A firing whose recorded hooks ended close to their timeout is
		// timing-dependent (a loaded machine crosses the limit): it is
		// replayed up to three times before a difference counts.
		attempts := 1
		if nearTimeout(cfg, f) {
			attempts = 3
		}
		for i := 1; ; i++ {
			probe := &collector{root: r.TempDir()}
			func() {
				defer func() {
					if x := recover(); x != nil {
						if _, ok := x.(errFatal); !ok {
							panic(x)
						}
					}
				}()
				replayFiring(probe, c, obs, l, cfg, f)
			}()
			if len(probe.errs) == 0 || i == attempts {
				for _, e := range probe.errs {
					r.Errorf("%s", e)
				}
				for _, m := range probe.logs {
					r.Logf("%s", m)
				}
				break
			}
			r.Logf("%s: timing-dependent firing differs on attempt %d, replaying it again", f.event, i)
		}
		if rewrites(f.out) > 1 {
			markTiming(r)
		}
	}
	for _, run := range sched[nil] {
		carryOut(r, l, run)
	}
	compareModelView(r, c, obs, firings, l)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// replayFiring fires one event through an engine of the case's hooks and
// compares the hook runs.
func replayFiring(r reporter, c *oracletest.Case, obs *observed, l *layout, cfg *settings.Config, f *firing) {
	t := r
	r.Helper()
	for _, e := range mustRead(t, l.captures) {
		os.RemoveAll(filepath.Join(l.captures, e))
	}
	stdin := []byte(l.ph.Expand(string(f.stdin)))
	p := NewProtocol(nil)
	var ev runner.Event
	var err error
	if l.converted && !f.synth {
		// The recorded stdin is what the converted hook got from the shim
		// (Claude's payload); Codex's own payload is rebuilt from it: its
		// transcript_path is Codex's rollout (the shim's Claude
		// transcript is written beside it), its tool_response the call's
		// output as Codex captured it.
		ev, err = eventFromClaudePayload(stdin, l.cwd)
		if err == nil {
			ev.TranscriptPath = codexTranscript(ev.TranscriptPath)
			var bash struct {
				Stdout *string `json:"stdout"`
			}
			if json.Unmarshal(ev.Result, &bash) == nil && bash.Stdout != nil {
				// Codex's aggregated output, whose trailing newline the
				// shim trimmed as Claude Code does.
				out := *bash.Stdout
				if out != "" {
					out += "\n"
				}
				ev.Result = mustJSON(out)
			}
		}
	} else {
		ev, err = p.FromPayload(stdin, l.cwd)
	}
	if err != nil {
		r.Errorf("%s: reading the recorded payload: %v", f.event, err)
		return
	}
	ev.Workspace = l.cwd
	if l.converted && !f.synth && ev.ToolCallID != "" {
		// The patch text the model sent, as Codex passed it to the shim.
		for _, tc := range obs.ToolCalls {
			var patch string
			if tc.CallID == ev.ToolCallID && tc.Name == "apply_patch" && json.Unmarshal(tc.Input, &patch) == nil {
				o := jsonwire.NewObject(jsonwire.Serde)
				o.Str("command", l.ph.Expand(patch))
				raw, _ := o.Bytes()
				ev.Extra.Set(extraToolInput, raw)
			}
		}
	}
	f.ev = ev
	f.turn = l.norm(ev.PromptID)
	eng, err := runner.New(cfg, runner.Options{Workspace: l.cwd, Env: l.env, Protocols: []runner.Protocol{p}, MaxParallel: -1})
	if err != nil {
		r.Errorf("engine: %v", err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		r.Errorf("%s: fire: %v", f.event, err)
		return
	}
	_ = eng.Close(ctx)
	f.out = out
	f.render = p.Render(out)
	caps, err := oracletest.ReadCaptures(l.captures)
	must(t, err)
	label := f.event
	if f.synth {
		label += " (no hook ran in Codex)"
	}
	// Which hooks ran, with their exit codes (a multiset). A hook Codex
	// killed before its timeout was killed because Codex itself exited
	// (an async hook, a subagent's hook at the end of the session): any
	// exit of ours counts for it.
	want := map[string]int{}
	atExit := map[string]int{}
	for _, h := range f.runs {
		if h.ExitCode == nil && obs.DurationS > 0 && timeoutOf(cfg, f, h) > time.Duration((obs.DurationS*1000-h.StartMS)*float64(time.Millisecond)) {
			atExit[h.Name]++
			continue
		}
		want[runKey(h.Name, h.ExitCode)]++
	}
	got := map[string]int{}
	for _, cp := range caps {
		var code *int
		if cp.ExitCode >= 0 {
			v := cp.ExitCode
			code = &v
		}
		if atExit[cp.Name] > 0 {
			atExit[cp.Name]--
			continue
		}
		got[runKey(cp.Name, code)]++
	}
	for name, n := range atExit {
		if n > 0 {
			want[name+"=killed at Codex's exit"] += n
		}
	}
	// A hook that printed its reply and exited just before its timeout
	// shows its exit in the capture even when the engine's timer won the
	// race: the timeouts are counted from the traces too.
	wantTimeouts, gotTimeouts := 0, 0
	for _, h := range f.runs {
		if h.ExitCode == nil {
			wantTimeouts++
		}
	}
	for _, n := range atExit {
		wantTimeouts -= n
	}
	for i := range out.Hooks {
		if out.Hooks[i].Reply.Outcome == runner.OutcomeTimeout {
			gotTimeouts++
		}
	}
	if gotTimeouts > wantTimeouts {
		r.Errorf("%s: %d hook(s) timed out in hookcompat, %d in Codex; traces: %s", label, gotTimeouts, wantTimeouts, traceString(out))
		return
	}
	if !equalCounts(want, got) {
		r.Errorf("%s: hooks that ran (name=exit) differ:\n  codex:      %s\n  hookcompat: %s\n  traces: %s", label, countsString(want), countsString(got), traceString(out))
		return
	}
	// Their stdin, cwd and environment.
	wantStdin := l.norm(string(stdin))
	for _, cp := range caps {
		if g := l.norm(string(cp.Stdin)); g != wantStdin {
			r.Errorf("%s: %s got stdin\n  %s\nCodex sent\n  %s", label, cp.Name, g, wantStdin)
		}
		if l.norm(cp.Cwd) != l.norm(f.runs[0].Cwd) && f.runs[0].Cwd != "" {
			r.Errorf("%s: %s ran in %s, Codex ran it in %s", label, cp.Name, l.norm(cp.Cwd), f.runs[0].Cwd)
		}
		want := ""
		for _, h := range f.runs {
			if h.Name == cp.Name {
				want = recordedEnvDiff(h)
			}
		}
		if d := envDiff(l, cp.Env); d != want {
			r.Errorf("%s: %s: the environment differs from the launch environment by\n  %s\nCodex's (its npm launcher aside) by\n  %s", label, cp.Name, d, want)
		}
	}
}

// markTiming marks r's case as timing-dependent (collector.timing).
func markTiming(r reporter) {
	if c, ok := r.(*collector); ok {
		c.mu.Lock()
		c.timing = true
		c.mu.Unlock()
	}
}

// rewrites counts the Codex hooks of out that answered with an
// updatedInput.
func rewrites(out *runner.Outcome) int {
	n := 0
	if out == nil {
		return 0
	}
	for i := range out.Hooks {
		if d, ok := out.Hooks[i].Reply.Detail.(*Detail); ok && d.Rewrite != nil {
			n++
		}
	}
	return n
}

// nearTimeout reports a firing with a recorded hook that ran for at least
// 70% of its timeout, or whose timeout is at most a second (SessionEnd's
// cap), or that never finished (killed at its timeout): a loaded machine
// can start even a trivial hook that late.
func nearTimeout(cfg *settings.Config, f *firing) bool {
	for _, h := range f.runs {
		if h.EndMS == nil {
			return true // killed at its timeout: when it was killed decides what it did
		}
		limit := timeoutOf(cfg, f, h)
		ran := time.Duration((*h.EndMS - h.StartMS) * float64(time.Millisecond))
		if limit > 0 && (ran >= limit*7/10 || limit <= time.Second) {
			return true
		}
	}
	return false
}

// timeoutOf is the longest timeout of the case's hooks of f's event.
func timeoutOf(cfg *settings.Config, f *firing, h oracletest.HookRun) time.Duration {
	var longest time.Duration
	if cfg == nil {
		return 0
	}
	for i := range cfg.Hooks {
		if strings.Contains(cfg.Hooks[i].Command, h.Name) || cfg.Hooks[i].Source.Event == f.event {
			longest = max(longest, effectiveTimeout(&cfg.Hooks[i], events.Get().byCodex[f.event]))
		}
	}
	return longest
}

func mustRead(t reporter, dir string) []string {
	es, err := os.ReadDir(dir)
	must(t, err)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
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

// envDiff names what a hook's environment adds to (+K=V), changes in (~K=V)
// or removes from (-K) the launch environment (the shell's own PWD, SHLVL,
// _ and OLDPWD aside), values in the recordings' placeholders.
func envDiff(l *layout, got map[string]string) string {
	base := map[string]string{}
	for _, kv := range l.env {
		k, v, _ := strings.Cut(kv, "=")
		base[k] = v
	}
	ignore := map[string]bool{"PWD": true, "SHLVL": true, "_": true, "OLDPWD": true}
	var diffs []string
	for k, v := range got {
		if ignore[k] {
			continue
		}
		if bv, ok := base[k]; !ok {
			diffs = append(diffs, "+"+k+"="+l.norm(v))
		} else if bv != v {
			diffs = append(diffs, "~"+k+"="+l.norm(v))
		}
	}
	for k := range base {
		if _, ok := got[k]; !ok {
			diffs = append(diffs, "-"+k)
		}
	}
	sort.Strings(diffs)
	return strings.Join(diffs, " ")
}

// recordedEnvDiff is what Codex changed beyond its npm launcher's
// variables and PATH prefix (codex §2.4).
func recordedEnvDiff(h oracletest.HookRun) string {
	var diffs []string
	for k, v := range h.EnvAdded {
		if k != "CODEX_MANAGED_BY_NPM" && k != "CODEX_MANAGED_PACKAGE_ROOT" {
			diffs = append(diffs, "+"+k+"="+v)
		}
	}
	for k, v := range h.EnvChanged {
		if k != "PATH" {
			diffs = append(diffs, "~"+k+"="+v)
		}
	}
	for _, k := range h.EnvRemoved {
		diffs = append(diffs, "-"+k)
	}
	sort.Strings(diffs)
	return strings.Join(diffs, " ")
}

// eventFromClaudePayload reads a Claude Code payload (what a converted
// hook got from the shim) as the native event the shim read from Codex.
func eventFromClaudePayload(data []byte, workspace string) (runner.Event, error) {
	var fields runner.Fields
	if err := json.Unmarshal(data, &fields); err != nil {
		return runner.Event{}, err
	}
	ev := runner.Event{Workspace: workspace}
	str := func(v json.RawMessage) string { var s string; _ = json.Unmarshal(v, &s); return s }
	vocab := translate.DefaultVocabulary
	claudeTool := ""
	for _, f := range fields {
		switch f.Key {
		case "hook_event_name":
			n, ok := translate.NativeEvent(str(f.Value))
			if !ok {
				return runner.Event{}, fmt.Errorf("unknown Claude event %s", f.Value)
			}
			ev.Name = n
		case "session_id":
			ev.SessionID = str(f.Value)
		case "transcript_path":
			ev.TranscriptPath = str(f.Value)
		case "cwd":
			ev.Cwd = str(f.Value)
		case "prompt_id":
			ev.PromptID = str(f.Value)
		case "permission_mode":
			ev.PermissionMode = str(f.Value)
		case "tool_name":
			claudeTool = str(f.Value)
			ev.Tool = vocab.Name(translate.Dialect("claude"), translate.Native, claudeTool)
		case "tool_input":
			ev.Args = f.Value
		case "tool_response":
			ev.Result = f.Value
		case "tool_use_id":
			ev.ToolCallID = str(f.Value)
		case "prompt":
			ev.Prompt = str(f.Value)
		case "stop_hook_active":
			ev.StopHookActive = string(f.Value) == "true"
		case "last_assistant_message":
			ev.Output = str(f.Value)
		case "source":
			ev.Reason = hookkit.MapValue(sessionStartSource, str(f.Value), true)
		default:
			ev.Extra.Set(f.Key, f.Value)
		}
	}
	if claudeTool != "" {
		ev.Args = vocab.Args(translate.Dialect("claude"), translate.Native, claudeTool, ev.Args)
	}
	return ev, nil
}

// codexTranscript is the rollout path a converted Claude hook's
// transcript_path (the shim's claude-<rollout> file beside it) stands
// for.
func codexTranscript(p string) string {
	dir, base := filepath.Split(p)
	if strings.HasPrefix(base, "claude-") {
		return dir + strings.TrimPrefix(base, "claude-")
	}
	return p
}

// loadAverage is the one-minute load average (/proc/loadavg), or 0 when
// it cannot be read.
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(strings.Fields(string(data) + " 0")[0], 64)
	if err != nil {
		return 0
	}
	return f
}

// hasProjectHooks reports whether a .codex folder under proj holds a
// hooks file.
func hasProjectHooks(proj string) bool {
	found := false
	_ = filepath.WalkDir(proj, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(filepath.Dir(p)) == ".codex" && (d.Name() == "hooks.json" || d.Name() == "config.toml") {
			found = true
		}
		return nil
	})
	return found
}
