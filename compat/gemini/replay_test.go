package gemini_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The three roots of Gemini CLI recordings: the shared oracle's cases, our
// own committed recordings, and the folders of the environment variable.
const (
	sharedCases = "../../../shared/gemini-oracle/cases"
	ourCases    = "../../testdata/recordings/gemini"
	casesEnv    = "HOOKCOMPAT_GEMINI_ORACLE_CASES"
)

// TestGeminiOracleReplay drives every recorded Gemini CLI event through
// the engine, with the case's own settings and hook scripts, and compares
// what happened with what Gemini CLI 0.61.0 did: which hooks ran (and
// their order when sequential), the exact stdin bytes, the environment
// Gemini added, argv, cwd and exit status of each hook, the decision (did
// the call run, was the prompt sent, did the turn continue), the
// effective tool input and the text the model got.
func TestGeminiOracleReplay(t *testing.T) {
	dirs := oracletest.Dirs(t, sharedCases, ourCases, casesEnv)
	for _, d := range dirs {
		t.Run(filepath.Base(filepath.Dir(d))+"/"+filepath.Base(d), func(t *testing.T) {
			t.Parallel()
			res := replayGemini(t, d)
			if res.skip != "" {
				t.Skip(res.skip)
			}
			for _, p := range res.problems {
				t.Error(p)
			}
		})
	}
}

// TestGeminiReplayFailsOnAlteredRecording: the replay is not blind — each
// deliberate change of a recording (a hook's stdin, the tool result the
// model got, an environment variable, which hooks ran, the continuation
// text) makes it report a mismatch.
func TestGeminiReplayFailsOnAlteredRecording(t *testing.T) {
	for _, tc := range []struct {
		name, from, edit string
		alter            func(obs []byte) []byte
	}{
		{"stdin", "hc_bt_exit2_json_allow", "raw", func(b []byte) []byte { return bytes.Replace(b, []byte(`"echo RAN-E2A`), []byte(`"echo ALTERED`), 1) }},
		{"decision", "hc_bt_exit2_json_stdout_deny", "observed", func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte("Tool execution blocked: JSON-REASON-E2"), []byte("Tool execution blocked: OTHER"))
		}},
		{"env", "hc_bt_exit1_text", "observed", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"GEMINI_CWD": "<PROJECT>"`), []byte(`"GEMINI_CWD": "<HOME>"`), 1)
		}},
		{"hooks", "hc_cfg_both_scopes_order", "observed", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"name": "proj_b"`), []byte(`"name": "user_a"`), 1)
		}},
		{"continuation", "hc_aa_after_tool_turn", "observed", func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"CONTINUE-PLEASE"`), []byte(`"SOMETHING-ELSE"`))
		}},
		{"rejected call", "gp_bt_write_guard_env_exit2", "observed", func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"invalid_tool_params"`), []byte(`"execution_failed"`))
		}},
		{"model text", "hc_at_two_contexts", "observed", func(b []byte) []byte {
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
			if res := replayGemini(t, dst); len(res.problems) > 0 || res.skip != "" {
				t.Fatalf("the unaltered copy does not replay cleanly: %v %s", res.problems, res.skip)
			}
			target := filepath.Join(dst, "observed.json")
			if tc.edit == "raw" {
				m, _ := filepath.Glob(filepath.Join(dst, "raw", "captures", "01-*.stdin.json"))
				if len(m) == 0 {
					t.Fatal("no capture to alter")
				}
				target = m[0]
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
			if res := replayGemini(t, dst); len(res.problems) == 0 {
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

type replayResult struct {
	problems []string
	skip     string
}

// world is one replay's temporary home, project and environment.
type world struct {
	t                       *testing.T
	c                       *oracletest.Case
	obs                     gjson.Result // observed.json
	root, home, gdir, proj  string
	captures, sysroot       string
	ph                      oracletest.Placeholders
	launch, discovery       []string
	eng                     *runner.Engine
	loaded                  *compat.Loaded
	problems                []string
	turnUserTexts           [][]string // per model turn: text parts of its new user contents
	turnLastText            []string   // per model turn: the last text part of its new user content
	stderr                  []string
	streamWarnings          []string
	hasSequential           map[string]bool
	callsBefore, callsAfter map[int]bool
	beforeOf                map[int]*gemini.Rendering
	afterOf                 map[int]*gemini.Rendering
	afterInput              map[int]json.RawMessage
	stoppedMessages         map[string]bool
	beforeModelOcc, btsOcc  []*gemini.Rendering
	afterAgent              []afterAgentOcc
	firstPromptText         string
	skipTrust               bool
}

type afterAgentOcc struct {
	run    oracletest.HookRun
	render *gemini.Rendering
}

const (
	replaySession   = "5f0c2a1e-8b7d-4c3e-9a10-0123456789ab"
	replayTimestamp = "2026-03-04T05:06:07.890Z"
	replayPort      = "45123"
)

func (w *world) problem(format string, a ...any) {
	w.problems = append(w.problems, fmt.Sprintf(format, a...))
}

func replayGemini(t *testing.T, dir string) replayResult {
	c, err := oracletest.Load(dir)
	if err != nil {
		return replayResult{problems: []string{err.Error()}}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "observed.json"))
	w := &world{t: t, c: c, obs: gjson.ParseBytes(data)}
	if err := w.build(); err != nil {
		return replayResult{problems: []string{"building the replay: " + err.Error()}}
	}
	switch w.obs.Get("exit_code").Int() {
	case 52:
		// Gemini refused its settings: no hook of any source may load.
		w.expectNoHooks("Gemini CLI exited 52 (a settings file does not parse)")
		return replayResult{problems: w.problems}
	case 55:
		w.expectNoHooks("Gemini CLI exited 55 (untrusted folder, headless)")
		return replayResult{problems: w.problems}
	}
	w.run()
	return replayResult{problems: w.problems}
}

// sub replaces the oracle's {{NAME}} placeholders of case inputs.
func (w *world) sub(s string, jsonEscape bool) string {
	for k, v := range map[string]string{"PROJECT": w.proj, "HOME": w.home, "GEMINI_HOME": w.gdir, "HOOKS": filepath.Join(w.gdir, "hooks"), "CAPTURES": w.captures} {
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
	w.gdir = filepath.Join(w.home, ".gemini")
	w.proj = filepath.Join(w.root, "proj")
	w.captures = filepath.Join(w.root, "captures")
	w.sysroot = filepath.Join(w.root, "sysroot")
	tmpdir := filepath.Join(w.root, "tmp")
	for _, d := range []string{w.gdir, w.proj, tmpdir, w.sysroot} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if err := w.c.InstallHooks(filepath.Join(w.gdir, "hooks"), w.captures, oracletest.Placeholders{}); err != nil {
		return err
	}
	w.ph = oracletest.Placeholders{
		"<PROJECT>": w.proj, "<GEMINI_HOME>": w.gdir, "<HOME>": w.home, "<TMP>": w.root, "<CAPTURES>": w.captures,
		"<SESSION>": replaySession, "<SID8>": replaySession[:8], "<TIMESTAMP>": replayTimestamp, "<PORT>": replayPort,
	}
	write := func(path, content string) error {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, []byte(content), 0o644)
	}
	if u := w.obs.Get("settings.user"); u.Exists() {
		if err := write(filepath.Join(w.gdir, "settings.json"), w.ph.Expand(u.Raw)); err != nil {
			return err
		}
	}
	if p := w.obs.Get("settings.project"); p.Exists() && p.Type != gjson.Null {
		if err := write(filepath.Join(w.proj, ".gemini", "settings.json"), w.ph.Expand(p.Raw)); err != nil {
			return err
		}
	}
	trust := w.c.String("trust")
	if trust == "" {
		trust = "file"
	}
	if trust == "file" {
		b, _ := json.Marshal(map[string]string{w.proj: "TRUST_FOLDER"})
		if err := write(filepath.Join(w.gdir, "trustedFolders.json"), string(b)); err != nil {
			return err
		}
	}
	if files, ok := w.c.Spec["files"].(map[string]any); ok {
		names := make([]string, 0, len(files))
		for k := range files {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, rel := range names {
			content, _ := files[rel].(string)
			if err := write(filepath.Join(w.proj, rel), w.sub(content, false)); err != nil {
				return err
			}
		}
	}
	bash := "/bin/bash"
	w.launch = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + w.home, "TERM=dumb", "LANG=C.UTF-8", "TMPDIR=" + tmpdir, "SHELL=" + bash,
		"GEMINI_API_KEY=dummy", "GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:" + replayPort, "ORACLE_MARKER=inherited-from-launch-env",
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
			w.launch = append(w.launch, k+"="+v)
			// A system settings path into the case folder: the file is
			// placed at the redirected system root (where Gemini's
			// root-ownership check does not apply) and discovery finds
			// it there.
			if sys := map[string]string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "settings.json", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": "system-defaults.json"}[k]; sys != "" {
				if i := strings.Index(v, "/"+w.c.Name+"/"); i >= 0 {
					src := filepath.Join(w.c.Dir, v[i+len(w.c.Name)+2:])
					if data, err := os.ReadFile(src); err == nil {
						if err := write(filepath.Join(w.sysroot, "etc", "gemini-cli", sys), string(data)); err != nil {
							return err
						}
						continue
					}
				}
			}
			w.discovery = append(w.discovery, k+"="+v)
		}
	}
	skipTrust := trust == "skip-trust"
	for _, a := range w.obs.Get("argv").Array() {
		if a.String() == "--skip-trust" {
			skipTrust = true
		}
	}
	w.skipTrust = skipTrust
	trusted := func(string, string) bool { return skipTrust || gemini.TrustedFolder(w.gdir, w.proj) }
	getenv := func(k string) string { return hookkit.EnvValue(w.discovery, k) }
	fenv := &format.Env{Project: w.proj, Home: w.home, Getenv: getenv, SystemRoot: w.sysroot, Trusted: trusted}
	srcs := gemini.Format.Discover(fenv).Sources
	var err error
	w.loaded, err = compat.Load(compat.Options{Project: w.proj, Home: w.home, Sources: srcs, Env: w.discovery, SystemRoot: w.sysroot, Trusted: trusted})
	if err != nil {
		return err
	}
	w.eng, err = compat.NewEngine(w.loaded, runner.Options{Workspace: w.proj, Env: w.launch})
	if err != nil {
		return err
	}
	w.hasSequential = map[string]bool{}
	for _, h := range w.loaded.Config.Hooks {
		if h.Options["sequential"] == "true" {
			w.hasSequential[h.Source.Event] = true
		}
	}
	for _, mt := range w.obs.Get("model_turns").Array() {
		var texts []string
		last := ""
		for _, content := range mt.Get("new_contents_since_last_model_output").Array() {
			if content.Get("role").String() != "user" {
				continue
			}
			for _, part := range content.Get("parts").Array() {
				if tx := part.Get("text"); tx.Exists() {
					texts = append(texts, tx.String())
					last = tx.String()
				}
			}
		}
		w.turnUserTexts = append(w.turnUserTexts, texts)
		w.turnLastText = append(w.turnLastText, last)
	}
	for _, l := range w.obs.Get("stderr_lines").Array() {
		w.stderr = append(w.stderr, l.String())
	}
	for _, e := range w.obs.Get("stream_events").Array() {
		if e.Get("type").String() == "error" {
			w.streamWarnings = append(w.streamWarnings, e.Get("message").String())
		}
	}
	return nil
}

// expectNoHooks: Gemini CLI ran no hook at all; the load must give no
// Gemini hook (extension hooks aside for an untrusted folder, which a
// headless run never reaches).
func (w *world) expectNoHooks(why string) {
	if len(w.c.HookRuns) > 0 {
		w.problem("%s, yet the recording has hook runs", why)
	}
	for _, h := range w.loaded.Config.Hooks {
		if h.Protocol == settings.ProtocolGemini && h.Source.Scope != gemini.ScopeExtension {
			w.problem("%s, but hookcompat loads the Gemini hook %s (%s)", why, h.Label(), h.Source)
		}
	}
}

// chained is the payload field a sequential plan changes for the next
// hook of an event.
var chained = map[string]string{"BeforeAgent": "prompt", "BeforeTool": "tool_input", "BeforeModel": "llm_request"}

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

func (w *world) sameEvent(a, b *oracletest.HookRun) bool {
	ca, cb := compactOr(a.Stdin), compactOr(b.Stdin)
	if bytes.Equal(ca, cb) {
		return true
	}
	f := chained[a.Event]
	if f == "" || !w.hasSequential[a.Event] {
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

func (w *world) run() {
	occs := w.mergeRepeats(oracletest.Group(w.c.HookRuns, w.sameEvent))
	w.callsBefore, w.callsAfter = map[int]bool{}, map[int]bool{}
	w.beforeOf, w.afterOf = map[int]*gemini.Rendering{}, map[int]*gemini.Rendering{}
	w.afterInput = map[int]json.RawMessage{}
	w.stoppedMessages = map[string]bool{}
	for _, e := range w.obs.Get("stream_events").Array() {
		if e.Get("type").String() == "tool_result" && e.Get("error.type").String() == "stop_execution" {
			w.stoppedMessages[e.Get("output").String()] = true
		}
	}
	w.firstPromptText = promptOf(w.c)
	synth := w.synthesized(occs)
	occs = append(occs, synth...)
	for i, occ := range occs {
		w.occurrence(i, occ, i >= len(occs)-len(synth))
	}
	w.checkCalls()
	w.checkAfterAgent()
	w.checkModelEvents()
}

// mergeRepeats joins consecutive occurrences that Group split because a
// hook script ran twice, when the recording shows it was one event: two
// hooks of one event using the same script (as a named and an unnamed
// copy). A BeforeTool or AfterTool event with one payload happens once
// per recorded call with that input; SessionStart and SessionEnd once per
// run.
func (w *world) mergeRepeats(occs [][]oracletest.HookRun) [][]oracletest.HookRun {
	calls := map[string]int{}
	for _, tc := range w.obs.Get("tool_calls").Array() {
		calls[tc.Get("name").String()+"\x00"+string(compactOr([]byte(tc.Get("input_from_model").Raw)))]++
	}
	key := func(r *oracletest.HookRun) string {
		return gjson.GetBytes(r.Stdin, "tool_name").String() + "\x00" + string(compactOr([]byte(gjson.GetBytes(r.Stdin, "tool_input").Raw)))
	}
	count := map[string]int{}
	for _, o := range occs {
		if o[0].Event == "BeforeTool" {
			count[key(&o[0])]++
		}
	}
	var out [][]oracletest.HookRun
	for _, o := range occs {
		if n := len(out); n > 0 {
			prev := out[n-1]
			same := prev[0].Event == o[0].Event && bytes.Equal(compactOr(prev[0].Stdin), compactOr(o[0].Stdin))
			switch {
			case same && (o[0].Event == "SessionStart" || o[0].Event == "SessionEnd"):
				out[n-1] = append(prev, o...)
				continue
			case same && o[0].Event == "BeforeTool" && count[key(&o[0])] > calls[key(&o[0])]:
				count[key(&o[0])]--
				out[n-1] = append(prev, o...)
				continue
			}
		}
		out = append(out, o)
	}
	return out
}

func promptOf(c *oracletest.Case) string {
	if p := c.String("prompt"); p != "" {
		return p
	}
	return "do it"
}

// synthesized are BeforeTool events Gemini fired for tool calls without
// any hook recording them (every matcher missed, or the only hooks were
// disabled): replayed, no hook may run and the call must run.
func (w *world) synthesized(occs [][]oracletest.HookRun) [][]oracletest.HookRun {
	hasBefore := false
	for _, h := range w.loaded.Config.Hooks {
		if h.Event == settings.PreTool {
			hasBefore = true
		}
	}
	settingsHaveBefore := strings.Contains(w.obs.Get("settings").Raw, `"BeforeTool"`)
	if !hasBefore && !settingsHaveBefore {
		return nil
	}
	seen := map[string]int{}
	for _, occ := range occs {
		if occ[0].Event == "BeforeTool" {
			seen[gjson.GetBytes(occ[0].Stdin, "tool_input").Raw]++
		}
	}
	var out [][]oracletest.HookRun
	notRegistered := map[string]bool{}
	invalid := map[string]bool{} // tool_ids whose arguments Gemini rejected
	for _, e := range w.obs.Get("stream_events").Array() {
		if e.Get("type").String() != "tool_result" {
			continue
		}
		switch e.Get("error.type").String() {
		case "tool_not_registered":
			notRegistered[e.Get("tool_id").String()] = true
		case "invalid_tool_params":
			invalid[e.Get("tool_id").String()] = true
		}
	}
	for _, tc := range w.obs.Get("tool_calls").Array() {
		in := compactOr([]byte(tc.Get("input_from_model").Raw))
		if out := tc.Get("output_sent_to_model.error").String(); strings.Contains(out, "not found") && len(notRegistered) > 0 {
			continue // the tool is not registered: Gemini fires no BeforeTool
		}
		if id := tc.Get("call_id").String(); id != "" && invalid[tc.Get("name").String()+"__"+id] {
			continue // the model's arguments failed the tool's own validation (a path outside the workspace, a schema error) before any hook
		}
		key := ""
		for k := range seen {
			if string(compactOr([]byte(k))) == string(in) && seen[k] > 0 {
				key = k
			}
		}
		if key != "" {
			seen[key]--
			continue
		}
		var o bytes.Buffer
		o.WriteString(`{"session_id":"<SESSION>","transcript_path":"<GEMINI_HOME>/tmp/proj/chats/session-<TIMESTAMP>-<SID8>.jsonl","cwd":"<PROJECT>","hook_event_name":"BeforeTool","timestamp":"<TIMESTAMP>","tool_name":`)
		name, _ := json.Marshal(tc.Get("name").String())
		o.Write(name)
		o.WriteString(`,"tool_input":`)
		o.Write(in)
		o.WriteString("}")
		out = append(out, []oracletest.HookRun{{Index: -1, Event: "BeforeTool", Stdin: o.Bytes()}})
	}
	return out
}

func (w *world) clearCaptures() {
	entries, _ := os.ReadDir(w.captures)
	for _, e := range entries {
		_ = os.Remove(filepath.Join(w.captures, e.Name()))
	}
}

func (w *world) occurrence(i int, occ []oracletest.HookRun, synthetic bool) {
	first := &occ[0]
	where := fmt.Sprintf("event %d (%s", i+1, first.Event)
	if synthetic {
		where += ", no hook recorded it"
	} else {
		where += fmt.Sprintf(", hook run %d", first.Index+1)
	}
	where += ")"
	payload := []byte(w.ph.Expand(string(compactOr(stdinOf(first)))))
	ev, wire, err := compat.ParseEventWith(payload, w.proj, w.loaded.Vocabulary)
	if err != nil {
		w.problem("%s: the recorded payload does not read: %v", where, err)
		return
	}
	if wire != settings.ProtocolGemini {
		w.problem("%s: the payload is read as %q, not as Gemini's", where, wire)
	}
	w.clearCaptures()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := w.eng.Fire(ctx, ev)
	if err != nil {
		w.problem("%s: fire: %v", where, err)
		return
	}
	caps, err := oracletest.ReadCaptures(w.captures)
	if err != nil {
		w.problem("%s: captures: %v", where, err)
		return
	}
	if !synthetic {
		w.compareRuns(where, occ, caps)
	} else if len(caps) > 0 {
		var names []string
		for _, c := range caps {
			names = append(names, c.Name)
		}
		w.problem("%s: Gemini ran no recorded hook, hookcompat ran %v", where, names)
	}
	f, _ := format.Lookup(settings.ProtocolGemini)
	rd := f.(format.Renderer).Render(out, w.loaded.Vocabulary).(*gemini.Rendering)
	w.checkRendering(where, first, rd, synthetic)
}

// normalized writes s with the replay's paths and ids as placeholders.
func (w *world) normalized(s string) string { return w.ph.Normalize(s) }

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
		w.problem("%s: hooks that ran: Gemini %v, hookcompat %v", where, want, got)
		return
	}
	if w.hasSequential[occ[0].Event] && strings.Join(want, ",") != strings.Join(got, ",") {
		w.problem("%s: sequential order: Gemini %v, hookcompat %v", where, want, got)
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
		wantStdin := string(compactOr(stdinOf(r)))
		if r.StdinRaw != nil && wantStdin != string(compactOr(r.Stdin)) {
			w.problem("%s: the recording is inconsistent: raw/captures has stdin %s, observed.json %s", who, wantStdin, compactOr(r.Stdin))
		}
		gotStdin := w.normalized(string(elideModelRequest(c.Stdin)))
		if gotStdin != wantStdin {
			w.problem("%s: stdin differs:\n  Gemini     %s\n  hookcompat %s", who, wantStdin, gotStdin)
		}
		if strings.HasSuffix(string(c.Stdin), "\n") != r.StdinNewline {
			w.problem("%s: trailing newline of stdin: Gemini %v", who, r.StdinNewline)
		}
		added, changed, removed := oracletest.EnvDiff(c.Env, w.launch)
		for k, v := range r.EnvAdded {
			if k == "GEMINI_CLI_NO_RELAUNCH" || (k == "GEMINI_CLI_TRUST_WORKSPACE" && w.skipTrust) {
				// Set by Gemini CLI on itself (its relaunch, --skip-trust),
				// not by its hook runner.
				continue
			}
			if g, ok := added[k]; !ok {
				w.problem("%s: Gemini added %s=%s to the environment, hookcompat did not", who, k, v)
			} else if w.normalized(g) != v {
				w.problem("%s: %s: Gemini %q, hookcompat %q", who, k, v, w.normalized(g))
			}
		}
		for k, v := range added {
			if _, ok := r.EnvAdded[k]; !ok {
				w.problem("%s: hookcompat added %s=%s, Gemini did not", who, k, w.normalized(v))
			}
		}
		for k, v := range r.EnvChanged {
			if w.normalized(changed[k]) != v {
				w.problem("%s: Gemini changed %s to %q, hookcompat %q", who, k, v, w.normalized(changed[k]))
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
				w.problem("%s: argv: Gemini %q, hookcompat %q", who, r.Argv, ga)
			}
		}
		if r.Cwd != "" && w.normalized(c.Cwd) != r.Cwd {
			w.problem("%s: cwd: Gemini %s, hookcompat %s", who, r.Cwd, w.normalized(c.Cwd))
		}
		if r.ExitCode != nil && c.ExitCode != *r.ExitCode && w.exitComparable(r) {
			w.problem("%s: exit status: Gemini %d, hookcompat %d", who, *r.ExitCode, c.ExitCode)
		}
	}
}

// exitComparable: a hook that ran past its timeout in Gemini (which never
// SIGKILLs a hook ignoring SIGTERM) is killed by hookcompat after the
// grace period; its exit status differs by design.
func (w *world) exitComparable(r *oracletest.HookRun) bool {
	if r.EndMS == nil {
		return false
	}
	for _, h := range w.loaded.Config.Hooks {
		if strings.Contains(h.Command, "/"+r.Name+".sh") && h.Timeout > 0 && time.Duration((*r.EndMS-r.StartMS)*float64(time.Millisecond)) > h.Timeout {
			return false
		}
	}
	return true
}

// callFor finds the recorded tool call of a BeforeTool/AfterTool payload:
// the first call of that name not taken yet by an event of the same kind
// whose model input equals the payload's tool_input (AfterTool: any call
// taken by a BeforeTool event when the input was rewritten).
func (w *world) callFor(stdin []byte, after bool) int {
	name := gjson.GetBytes(stdin, "tool_name").String()
	in := string(compactOr([]byte(gjson.GetBytes(stdin, "tool_input").Raw)))
	taken := w.callsBefore
	if after {
		taken = w.callsAfter
		if orig := gjson.GetBytes(stdin, "original_request_name"); orig.Exists() {
			return -1 // a tail call: its result replaces the original call's
		}
	}
	calls := w.obs.Get("tool_calls").Array()
	for i, tc := range calls {
		if !taken[i] && tc.Get("name").String() == name && string(compactOr([]byte(tc.Get("input_from_model").Raw))) == in {
			taken[i] = true
			return i
		}
	}
	if after {
		for i, tc := range calls {
			if !taken[i] && tc.Get("name").String() == name && w.callsBefore[i] {
				taken[i] = true
				return i
			}
		}
	}
	return -1
}

func (w *world) checkRendering(where string, first *oracletest.HookRun, rd *gemini.Rendering, synthetic bool) {
	stdin := compactOr(first.Stdin)
	switch first.Event {
	case "BeforeTool":
		if i := w.callFor(stdin, false); i >= 0 {
			w.beforeOf[i] = rd
		} else if !gjson.GetBytes(stdin, "original_request_name").Exists() && w.obs.Get("tool_calls.#").Int() > 0 {
			w.problem("%s: the payload's call %s %s is none the model made", where, gjson.GetBytes(stdin, "tool_name").String(), gjson.GetBytes(stdin, "tool_input").Raw)
		}
	case "AfterTool":
		if i := w.callFor(stdin, true); i >= 0 {
			w.afterOf[i] = rd
			w.afterInput[i] = json.RawMessage(gjson.GetBytes(stdin, "tool_input").Raw)
		}
	case "BeforeAgent":
		prompt := w.normalized(w.ph.Expand(gjson.GetBytes(stdin, "prompt").String()))
		turn := -1
		for ti, texts := range w.turnUserTexts {
			for _, tx := range texts {
				if tx == prompt {
					turn = ti
				}
			}
			if turn >= 0 {
				break
			}
		}
		switch {
		case rd.Blocked || rd.Stops:
			if turn >= 0 {
				w.problem("%s: hookcompat blocks the prompt %q, Gemini sent it (model turn %d)", where, prompt, turn)
			}
			for _, u := range rd.UserText {
				if strings.HasPrefix(u, "Agent execution blocked: ") && !w.sawWarning(u) {
					w.problem("%s: hookcompat shows %q, Gemini did not", where, u)
				}
			}
		case turn < 0:
			if len(w.turnUserTexts) > 0 && prompt == w.firstPromptText {
				w.problem("%s: Gemini did not send the prompt %q, hookcompat lets it through", where, prompt)
			}
		default:
			texts := w.turnUserTexts[turn]
			k := 0
			for k < len(texts) && texts[k] != prompt {
				k++
			}
			after := texts[k+1:]
			var ctxParts []string
			for _, a := range after {
				if strings.HasPrefix(a, "<hook_context>") {
					ctxParts = append(ctxParts, a)
				}
			}
			if strings.Join(ctxParts, "\x00") != strings.Join(rd.PromptParts, "\x00") {
				w.problem("%s: parts after the prompt: Gemini %q, hookcompat %q", where, ctxParts, rd.PromptParts)
			}
		}
	case "SessionStart":
		px := rd.PromptPrefix
		want := px + w.firstPromptText
		found := false
		for _, texts := range w.turnUserTexts {
			for _, tx := range texts {
				if strings.HasSuffix(tx, w.firstPromptText) && strings.HasPrefix(tx, "<hook_context>") == (px != "") {
					found = found || tx == want
				}
			}
		}
		for _, r := range w.c.HookRuns {
			if r.Event == "BeforeAgent" {
				if p := gjson.GetBytes(r.Stdin, "prompt").String(); strings.HasSuffix(p, w.firstPromptText) {
					found = found || p == want
				}
				break
			}
		}
		if !found && (len(w.turnUserTexts) > 0 || px != "") {
			w.problem("%s: the first prompt is not %q in the recording", where, want)
		}
	case "AfterAgent":
		w.afterAgent = append(w.afterAgent, afterAgentOcc{run: *first, render: rd})
	case "BeforeModel":
		w.beforeModelOcc = append(w.beforeModelOcc, rd)
		if rd.Blocked {
			w.expectWarning(where, rd)
			if rd.LLMResponse != nil {
				var parts []string
				for _, p := range gjson.GetBytes(rd.LLMResponse, "candidates.0.content.parts").Array() {
					parts = append(parts, p.String())
				}
				if txt := strings.Join(parts, ""); !strings.Contains(w.obs.Get("final_response").String(), txt) {
					w.problem("%s: the synthetic answer %q is not Gemini's final response %q", where, txt, w.obs.Get("final_response").String())
				}
			}
		}
	case "BeforeToolSelection":
		w.btsOcc = append(w.btsOcc, rd)
	case "AfterModel":
		if rd.Blocked {
			w.expectWarning(where, rd)
		}
		if rd.LLMResponse != nil {
			var parts []string
			for _, p := range gjson.GetBytes(rd.LLMResponse, "candidates.0.content.parts").Array() {
				parts = append(parts, p.String())
			}
			if txt := strings.Join(parts, ""); !strings.Contains(w.obs.Get("final_response").String(), txt) {
				w.problem("%s: the replaced chunk %q is not in Gemini's final response %q", where, txt, w.obs.Get("final_response").String())
			}
		}
	}
	for _, u := range rd.UserText {
		if msg, ok := strings.CutPrefix(u, "Hook system message: "); ok {
			line, _, _ := strings.Cut(msg, "\n")
			if !w.inStderr("Hook system message: " + line) {
				w.problem("%s: hookcompat shows %q, Gemini's stderr has no such line", where, "Hook system message: "+line)
			}
		}
	}
}

func (w *world) inStderr(line string) bool {
	for _, l := range w.stderr {
		if w.normalized(w.ph.Expand(l)) == w.normalized(w.ph.Expand(line)) || l == line {
			return true
		}
	}
	return false
}

func (w *world) sawWarning(msg string) bool {
	msg = w.normalized(msg)
	for _, s := range w.streamWarnings {
		if s == msg {
			return true
		}
	}
	return w.inStderr(msg) || w.inStderr("[WARNING] "+msg)
}

func (w *world) expectWarning(where string, rd *gemini.Rendering) {
	for _, u := range rd.UserText {
		if strings.HasPrefix(u, "Agent execution blocked: ") && !w.sawWarning(u) {
			w.problem("%s: hookcompat shows %q, Gemini did not", where, u)
		}
	}
}

// checkCalls compares, per recorded tool call, what hookcompat's
// renderings of its BeforeTool and AfterTool events predict with what the
// model got.
func (w *world) checkCalls() {
	for i, tc := range w.obs.Get("tool_calls").Array() {
		where := fmt.Sprintf("tool call %d (%s)", i+1, tc.Get("name").String())
		got := tc.Get("output_sent_to_model")
		gotOut := ""
		if got.Exists() && got.Type != gjson.Null {
			gotOut = string(compactOr([]byte(got.Raw)))
		}
		before, after := w.beforeOf[i], w.afterOf[i]
		stopped := func(r *gemini.Rendering) bool { return r != nil && r.Stops }
		switch {
		case stopped(before) || stopped(after):
			if gotOut != "" {
				w.problem("%s: hookcompat stops the agent, Gemini sent the model %s", where, gotOut)
			}
			continue
		case before != nil && before.Asks:
			if gotOut != "" || w.obs.Get("exit_code").Int() != 124 {
				w.problem("%s: hookcompat asks for a confirmation (Gemini waits for it headless), Gemini went on", where)
			}
			continue
		case before != nil && before.ToolRuns != nil && !*before.ToolRuns:
			want := w.normalized(string(before.ToolResponse))
			if gotOut != want {
				w.problem("%s: Gemini sent the model %s, hookcompat %s", where, gotOut, want)
			}
			continue
		}
		if gotOut == "" {
			if len(w.stoppedMessages) > 0 {
				w.problem("%s: Gemini stopped the agent at this call, hookcompat does not", where)
			}
			continue
		}
		if strings.Contains(gotOut, `Tool execution blocked: `) && (before == nil || before.ToolRuns == nil || *before.ToolRuns) {
			if before != nil || w.hasBeforeToolHooks() {
				w.problem("%s: Gemini blocked the call (%s), hookcompat lets it run", where, gotOut)
			}
		}
		note := ""
		if before != nil {
			note = before.OutputNote
		}
		if after != nil && after.ToolResponse != nil && after.TailToolCall == nil {
			want := w.normalized(string(after.ToolResponse))
			if note != "" {
				var o struct{ Output string }
				if json.Unmarshal(after.ToolResponse, &o) == nil && o.Output != "" {
					b, _ := json.Marshal(map[string]string{"output": o.Output + note})
					want = w.normalized(string(compactOr(b)))
				}
			}
			if gotOut != want {
				w.problem("%s: Gemini sent the model %s, hookcompat %s", where, gotOut, want)
			}
		} else if before != nil {
			hasNote := strings.Contains(gotOut, jsonEscape("[System] Tool input parameters were modified by a hook before execution."))
			if hasNote != (note != "") {
				w.problem("%s: the \"[System] Tool input parameters were modified\" note: Gemini %v, hookcompat %v", where, hasNote, note != "")
			}
		}
		if before != nil && after != nil {
			if in, ok := w.afterInput[i]; ok {
				if a, b := string(compactOr(in)), w.normalized(string(compactOr(before.EffectiveInput))); a != b {
					w.problem("%s: the call ran with %s, hookcompat's effective input is %s", where, a, b)
				}
			}
		}
	}
}

func (w *world) hasBeforeToolHooks() bool {
	for _, h := range w.loaded.Config.Hooks {
		if h.Event == settings.PreTool {
			return true
		}
	}
	return false
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// checkAfterAgent: an AfterAgent event continued the turn in Gemini when
// another AfterAgent of the same prompt followed it (stop_hook_active);
// hookcompat must predict the same, and the continuation's text must be a
// user message of the recording.
func (w *world) checkAfterAgent() {
	cut := w.obs.Get("exit_code").Int() == 124 || w.obs.Get("timed_out").Bool()
	for i, a := range w.afterAgent {
		where := fmt.Sprintf("AfterAgent %d (hook run %d)", i+1, a.run.Index+1)
		continued := i+1 < len(w.afterAgent) && gjson.GetBytes(w.afterAgent[i+1].run.Stdin, "stop_hook_active").Bool()
		predicted := a.render.Continuation != nil
		if i+1 == len(w.afterAgent) && cut {
			continue
		}
		if continued != predicted {
			w.problem("%s: Gemini continued the turn: %v, hookcompat: %v", where, continued, predicted)
			continue
		}
		if predicted {
			want := w.normalized(*a.render.Continuation)
			found := false
			for _, last := range w.turnLastText {
				found = found || last == want
			}
			if !found && len(w.turnLastText) > 0 && len(w.turnLastText) < 20 {
				w.problem("%s: no model turn got the continuation %q", where, want)
			}
		}
	}
}

// checkModelEvents: every BeforeModel event that hookcompat lets through
// is one model request; BeforeToolSelection's toolConfig is the request's.
func (w *world) checkModelEvents() {
	turns := w.obs.Get("model_turns").Array()
	if n := len(w.beforeModelOcc); n > 0 {
		sent := 0
		for _, r := range w.beforeModelOcc {
			if !r.Blocked && !r.Stops {
				sent++
			}
		}
		if sent != len(turns) {
			w.problem("BeforeModel: hookcompat lets %d of %d requests through, Gemini sent %d", sent, n, len(turns))
		}
	}
	if len(w.btsOcc) == len(turns) {
		for i, r := range w.btsOcc {
			got := turns[i].Get("tool_config")
			if r.ToolConfig == nil {
				if got.Exists() && got.Type != gjson.Null {
					w.problem("BeforeToolSelection %d: Gemini's request has toolConfig %s, hookcompat none", i+1, got.Raw)
				}
				continue
			}
			want := string(compactOr([]byte(`{"functionCallingConfig":` + string(r.ToolConfig) + `}`)))
			if g := string(compactOr([]byte(got.Raw))); g != want {
				w.problem("BeforeToolSelection %d: toolConfig: Gemini %s, hookcompat %s", i+1, g, want)
			}
		}
	}
}

// elideModelRequest shortens a model event's llm_request the way the
// oracle's harness recorded it: messages as {count, last}, a
// <session_context> content and config.systemInstruction/tools as
// "<N chars sha256=…>".
func elideModelRequest(stdin []byte) []byte {
	var f runner.Fields
	if err := f.UnmarshalJSON(stdin); err != nil {
		return stdin
	}
	changed := false
	for _, key := range []string{"llm_request", "llm_response"} {
		v, ok := f.Get(key)
		if !ok {
			continue
		}
		var req runner.Fields
		if req.UnmarshalJSON(v) != nil {
			continue
		}
		if msgs, ok := req.Get("messages"); ok && gjson.ParseBytes(msgs).IsArray() {
			arr := gjson.ParseBytes(msgs).Array()
			last := json.RawMessage("null")
			if len(arr) > 0 {
				last = json.RawMessage(arr[len(arr)-1].Raw)
				if c := gjson.GetBytes(last, "content"); c.Type == gjson.String && strings.HasPrefix(c.Str, "<session_context>") {
					var lf runner.Fields
					_ = lf.UnmarshalJSON(last)
					h, _ := json.Marshal(shortHash(c.Str))
					lf.Set("content", h)
					last, _ = lf.MarshalJSON()
				}
			}
			var m runner.Fields
			m.Set("count", json.RawMessage(fmt.Sprint(len(arr))))
			m.Set("last", last)
			mb, _ := m.MarshalJSON()
			req.Set("messages", mb)
			rb, _ := req.MarshalJSON()
			f.Set(key, rb)
			changed = true
		}
	}
	if !changed {
		return stdin
	}
	out, _ := f.MarshalJSON()
	return compactOr(out)
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return fmt.Sprintf("<%d chars sha256=%s>", len([]rune(s)), hex.EncodeToString(sum[:])[:12])
}
