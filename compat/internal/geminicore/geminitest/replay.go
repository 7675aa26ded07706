// Package geminitest is the test support the Gemini CLI and Qwen Code
// formats share. Most of it is the part of the two oracle replays
// (TestGeminiOracleReplay, TestQwenOracleReplay) both agents have in
// common: the replay's world — a temporary home, project, system root and
// environment laid out as the oracle ran the case, the case's hooks
// installed with capture scripts, the agent's sources discovered and
// loaded — and the comparison of each hook run hookcompat made with the
// recorded one (which hooks ran, their order when sequential, stdin,
// the environment the agent added, argv, cwd and exit status). What the
// agent then did with the replies (the renderings) each replay checks
// itself. Only tests import it.
package geminitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
)

// Timestamp is what the recordings' <TIMESTAMP> stands for.
const Timestamp = "2026-03-04T05:06:07.890Z"

// Agent is how one agent's oracle laid out its cases.
type Agent struct {
	// Label names the agent in problems ("Gemini"); Format is its format
	// name; Dir its folder in home and project (".gemini"); HomeKey the
	// placeholder of that folder in home ("GEMINI_HOME": {{GEMINI_HOME}}
	// in case inputs, <GEMINI_HOME> in recordings).
	Label, Format, Dir, HomeKey string
	// SystemDir is the system settings folder under /etc ("gemini-cli"),
	// SystemEnv and DefaultsEnv the variables that move the system
	// settings and the system defaults.
	SystemDir, SystemEnv, DefaultsEnv string
	// Session is the session id the recordings' <SESSION> stands for.
	Session string
	// DefaultTrust is the case's trust when case.json names none ("file":
	// a trustedFolders.json trusting the project).
	DefaultTrust string
	// ChmodScripts makes the case's .sh files executable; SubEnv fills
	// {{…}} placeholders in the case's environment.
	ChmodScripts, SubEnv bool
	// Prepare runs after the folders exist and before anything is written
	// (an http fake the placeholders name).
	Prepare func(w *World) error
	// Placeholders are the agent's placeholders beside the common ones;
	// Subs its {{…}} substitutions beside PROJECT, HOME, HOOKS, CAPTURES
	// and HomeKey.
	Placeholders func(w *World) oracletest.Placeholders
	Subs         func(w *World) map[string]string
	// Launch are the agent's variables of the launch environment (its
	// fake model API), after the common ones.
	Launch func(w *World) []string
	// Trusted is the host's trust answer for the load.
	Trusted func(w *World) func(format, project string) bool
}

// World is one replay's temporary home, project and environment.
type World struct {
	T     *testing.T
	Agent *Agent
	Case  *oracletest.Case
	// Obs is observed.json.
	Obs gjson.Result
	// Root holds Home (with AgentDir), Proj, Captures, Sys (the
	// redirected system root) and Tmp.
	Root, Home, AgentDir, Proj, Captures, Sys, Tmp string
	Ph                                             oracletest.Placeholders
	// Launch is the agent's launch environment; Discovery the environment
	// discovery reads (without the system settings moved into Sys).
	Launch, Discovery []string
	Loaded            *compat.Loaded
	// Sequential are the events with a sequential group.
	Sequential map[string]bool
	// Problems are the mismatches found.
	Problems []string
}

// New loads the case in dir for a; an error is the case's.
func New(t *testing.T, a *Agent, dir string) (*World, error) {
	c, err := oracletest.Load(dir)
	if err != nil {
		return nil, err
	}
	data, _ := os.ReadFile(filepath.Join(dir, "observed.json"))
	return &World{T: t, Agent: a, Case: c, Obs: gjson.ParseBytes(data)}, nil
}

// Problem records a mismatch.
func (w *World) Problem(format string, a ...any) {
	w.Problems = append(w.Problems, fmt.Sprintf(format, a...))
}

// Normalized writes s with the replay's paths and ids as placeholders.
func (w *World) Normalized(s string) string { return w.Ph.Normalize(s) }

// Sub replaces the oracle's {{NAME}} placeholders of case inputs (JSON
// escaped for a JSON string when jsonEscape).
func (w *World) Sub(s string, jsonEscape bool) string {
	subs := map[string]string{"PROJECT": w.Proj, "HOME": w.Home, w.Agent.HomeKey: w.AgentDir, "HOOKS": filepath.Join(w.AgentDir, "hooks"), "CAPTURES": w.Captures}
	if w.Agent.Subs != nil {
		for k, v := range w.Agent.Subs(w) {
			subs[k] = v
		}
	}
	for k, v := range subs {
		if jsonEscape {
			b, _ := json.Marshal(v)
			v = string(b[1 : len(b)-1])
		}
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	return s
}

func write(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}

// Build lays out the world as the oracle ran the case and loads the
// agent's discovered sources.
func (w *World) Build() error {
	a := w.Agent
	w.Root = w.T.TempDir()
	w.Home = filepath.Join(w.Root, "home")
	w.AgentDir = filepath.Join(w.Home, a.Dir)
	w.Proj = filepath.Join(w.Root, "proj")
	w.Captures = filepath.Join(w.Root, "captures")
	w.Sys = filepath.Join(w.Root, "sysroot")
	w.Tmp = filepath.Join(w.Root, "tmp")
	for _, d := range []string{w.AgentDir, w.Proj, w.Tmp, w.Sys} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if a.Prepare != nil {
		if err := a.Prepare(w); err != nil {
			return err
		}
	}
	if err := w.Case.InstallHooks(filepath.Join(w.AgentDir, "hooks"), w.Captures, oracletest.Placeholders{}); err != nil {
		return err
	}
	w.Ph = oracletest.Placeholders{
		"<PROJECT>": w.Proj, "<" + a.HomeKey + ">": w.AgentDir, "<HOME>": w.Home, "<TMP>": w.Root, "<CAPTURES>": w.Captures,
		"<SESSION>": a.Session, "<TIMESTAMP>": Timestamp,
	}
	if a.Placeholders != nil {
		for k, v := range a.Placeholders(w) {
			w.Ph[k] = v
		}
	}
	if u := w.Obs.Get("settings.user"); u.Exists() {
		if err := write(filepath.Join(w.AgentDir, "settings.json"), w.Ph.Expand(u.Raw)); err != nil {
			return err
		}
	}
	if p := w.Obs.Get("settings.project"); p.Exists() && p.Type != gjson.Null {
		if err := write(filepath.Join(w.Proj, a.Dir, "settings.json"), w.Ph.Expand(p.Raw)); err != nil {
			return err
		}
	}
	trust := w.Case.String("trust")
	if trust == "" {
		trust = a.DefaultTrust
	}
	if trust == "file" {
		b, _ := json.Marshal(map[string]string{w.Proj: "TRUST_FOLDER"})
		if err := write(filepath.Join(w.AgentDir, "trustedFolders.json"), string(b)); err != nil {
			return err
		}
	}
	if files, ok := w.Case.Spec["files"].(map[string]any); ok {
		for _, rel := range sortedKeys(files) {
			content, _ := files[rel].(string)
			p := filepath.Join(w.Proj, rel)
			if err := write(p, w.Sub(content, false)); err != nil {
				return err
			}
			if a.ChmodScripts && strings.HasSuffix(p, ".sh") {
				_ = os.Chmod(p, 0o755)
			}
		}
	}
	w.Launch = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + w.Home, "TERM=dumb", "LANG=C.UTF-8", "TMPDIR=" + w.Tmp, "SHELL=/bin/bash"}
	w.Launch = append(append(w.Launch, a.Launch(w)...), "ORACLE_MARKER=inherited-from-launch-env")
	w.Discovery = append([]string(nil), w.Launch...)
	if env, ok := w.Case.Spec["env"].(map[string]any); ok {
		for _, k := range sortedKeys(env) {
			v, _ := env[k].(string)
			if a.SubEnv {
				v = w.Sub(v, false)
			}
			w.Launch = append(w.Launch, k+"="+v)
			// A system settings path into the case folder: the file is
			// placed at the redirected system root (where the agents'
			// root-ownership check does not apply) and discovery finds
			// it there.
			if name := map[string]string{a.SystemEnv: "settings.json", a.DefaultsEnv: "system-defaults.json"}[k]; name != "" {
				if i := strings.Index(v, "/"+w.Case.Name+"/"); i >= 0 {
					if data, err := os.ReadFile(filepath.Join(w.Case.Dir, v[i+len(w.Case.Name)+2:])); err == nil {
						if err := write(filepath.Join(w.Sys, "etc", a.SystemDir, name), string(data)); err != nil {
							return err
						}
						continue
					}
				}
			}
			w.Discovery = append(w.Discovery, k+"="+v)
		}
	}
	trusted := a.Trusted(w)
	f, ok := format.Lookup(a.Format)
	if !ok {
		return fmt.Errorf("no format %q", a.Format)
	}
	getenv := func(k string) string { return hookkit.EnvValue(w.Discovery, k) }
	srcs := f.Discover(&format.Env{Project: w.Proj, Home: w.Home, Getenv: getenv, SystemRoot: w.Sys, Trusted: trusted}).Sources
	var err error
	w.Loaded, err = compat.Load(compat.Options{Project: w.Proj, Home: w.Home, Sources: srcs, Env: w.Discovery, SystemRoot: w.Sys, Trusted: trusted})
	if err != nil {
		return err
	}
	w.Sequential = map[string]bool{}
	for _, h := range w.Loaded.Config.Hooks {
		if h.Options["sequential"] == "true" {
			w.Sequential[h.Source.Event] = true
		}
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ClearCaptures empties the capture folder before an event.
func (w *World) ClearCaptures() {
	entries, _ := os.ReadDir(w.Captures)
	for _, e := range entries {
		_ = os.Remove(filepath.Join(w.Captures, e.Name()))
	}
}

// SameEvent is the grouping of recorded runs into events
// (oracletest.Group): equal payloads, or — for an event with a
// sequential group — payloads that differ only in the field a chain
// changes (chained: event → field).
func (w *World) SameEvent(chained map[string]string) func(a, b *oracletest.HookRun) bool {
	return func(a, b *oracletest.HookRun) bool {
		ca, cb := CompactOr(a.Stdin), CompactOr(b.Stdin)
		if bytes.Equal(ca, cb) {
			return true
		}
		f := chained[a.Event]
		if f == "" || !w.Sequential[a.Event] {
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
}

// Runs says how [World.CompareRuns] reads one agent's runs.
type Runs struct {
	// Consistent reports whether a run's raw stdin and observed.json's
	// agree (nil: the same bytes).
	Consistent func(raw, observed []byte) bool
	// Stdin is what a capture's stdin is compared as (nil: itself).
	Stdin func(stdin []byte) []byte
	// SkipEnv are variables the agent's launcher sets, not its hook
	// runner.
	SkipEnv func(k string) bool
	// ExitComparable reports whether a run's exit status can be compared
	// (nil: it ended by itself).
	ExitComparable func(r *oracletest.HookRun) bool
}

// CompareRuns compares the hooks hookcompat ran for one event (caps) with
// the recorded runs of it (occ).
func (w *World) CompareRuns(where string, occ []oracletest.HookRun, caps []oracletest.Capture, o Runs) {
	label := w.Agent.Label
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
		w.Problem("%s: hooks that ran: %s %v, hookcompat %v", where, label, want, got)
		return
	}
	if len(occ) > 0 && w.Sequential[occ[0].Event] && strings.Join(want, ",") != strings.Join(got, ",") {
		w.Problem("%s: sequential order: %s %v, hookcompat %v", where, label, want, got)
	}
	skip := func(k string) bool { return o.SkipEnv != nil && o.SkipEnv(k) }
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
		wantStdin := string(CompactOr(StdinOf(r)))
		consistent := wantStdin == string(CompactOr(r.Stdin))
		if o.Consistent != nil {
			consistent = o.Consistent([]byte(wantStdin), r.Stdin)
		}
		if r.StdinRaw != nil && !consistent {
			w.Problem("%s: the recording is inconsistent: raw/captures has stdin %s, observed.json %s", who, wantStdin, CompactOr(r.Stdin))
		}
		stdin := c.Stdin
		if o.Stdin != nil {
			stdin = o.Stdin(stdin)
		}
		if gotStdin := w.Normalized(string(stdin)); gotStdin != wantStdin {
			w.Problem("%s: stdin differs:\n  %-10s %s\n  hookcompat %s", who, label, wantStdin, gotStdin)
		}
		if strings.HasSuffix(string(c.Stdin), "\n") != r.StdinNewline {
			w.Problem("%s: trailing newline of stdin: %s %v", who, label, r.StdinNewline)
		}
		added, changed, removed := oracletest.EnvDiff(c.Env, w.Launch)
		for k, v := range r.EnvAdded {
			if skip(k) {
				continue
			}
			if g, ok := added[k]; !ok {
				w.Problem("%s: %s added %s=%s to the environment, hookcompat did not", who, label, k, v)
			} else if w.Normalized(g) != v {
				w.Problem("%s: %s: %s %q, hookcompat %q", who, k, label, v, w.Normalized(g))
			}
		}
		for k, v := range added {
			if _, ok := r.EnvAdded[k]; !ok && !skip(k) {
				w.Problem("%s: hookcompat added %s=%s, %s did not", who, k, w.Normalized(v), label)
			}
		}
		for k, v := range r.EnvChanged {
			if w.Normalized(changed[k]) != v {
				w.Problem("%s: %s changed %s to %q, hookcompat %q", who, label, k, v, w.Normalized(changed[k]))
			}
		}
		if len(removed) > 0 && len(r.EnvRemoved) == 0 {
			w.Problem("%s: hookcompat removed %v from the environment", who, removed)
		}
		if len(r.Argv) > 0 {
			var ga []string
			for _, a := range c.Argv {
				ga = append(ga, w.Normalized(a))
			}
			if strings.Join(ga, "\x00") != strings.Join(r.Argv, "\x00") {
				w.Problem("%s: argv: %s %q, hookcompat %q", who, label, r.Argv, ga)
			}
		}
		if r.Cwd != "" && w.Normalized(c.Cwd) != r.Cwd {
			w.Problem("%s: cwd: %s %s, hookcompat %s", who, label, r.Cwd, w.Normalized(c.Cwd))
		}
		comparable := r.EndMS != nil
		if o.ExitComparable != nil {
			comparable = o.ExitComparable(r)
		}
		if r.ExitCode != nil && comparable && c.ExitCode != *r.ExitCode {
			w.Problem("%s: exit status: %s %d, hookcompat %d", who, label, *r.ExitCode, c.ExitCode)
		}
	}
}

// StdinOf is a run's exact stdin when the raw capture has it, else the
// recorded one.
func StdinOf(r *oracletest.HookRun) []byte {
	if r.StdinRaw != nil {
		return r.StdinRaw
	}
	return r.Stdin
}

// CompactOr is b compacted, or b when it is not JSON.
func CompactOr(b []byte) []byte {
	c, err := oracletest.Compact(b)
	if err != nil {
		return b
	}
	return c
}

// JSONEscape is s escaped for the inside of a JSON string.
func JSONEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// Alteration is one deliberate change of a recorded case.
type Alteration struct {
	// Name names it; From is the case folder (under the agent's committed
	// recordings); File the file changed: "observed" (observed.json) or
	// "capture" (the first hook run's raw stdin capture).
	Name, From, File string
	Alter            func([]byte) []byte
}

// CheckAlterations proves a replay is not blind: each alteration of a
// copy of its case makes replay report a mismatch, while the unaltered
// copy replays cleanly. Cases absent from root are skipped.
func CheckAlterations(t *testing.T, root string, alts []Alteration, replay func(t *testing.T, dir string) []string) {
	for _, tc := range alts {
		t.Run(tc.Name, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(root, tc.From)
			if _, err := os.Stat(src); err != nil {
				t.Skipf("recording %s is absent", src)
			}
			dst := filepath.Join(t.TempDir(), tc.From)
			CopyDir(t, src, dst)
			if p := replay(t, dst); len(p) > 0 {
				t.Fatalf("the unaltered copy does not replay cleanly: %v", p)
			}
			target := filepath.Join(dst, "observed.json")
			if tc.File == "capture" {
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
			altered := tc.Alter(data)
			if bytes.Equal(altered, data) {
				t.Fatal("the alteration changed nothing")
			}
			if err := os.WriteFile(target, altered, 0o644); err != nil {
				t.Fatal(err)
			}
			if p := replay(t, dst); len(p) == 0 {
				t.Errorf("the replay did not notice the altered %s", tc.Name)
			}
		})
	}
}

// CopyDir copies the folder src to dst.
func CopyDir(t *testing.T, src, dst string) {
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

// ViewHas checks the model view of an event (compat.ModelView) against
// what the model got: every text of the given kind must be what the model
// got (a tool_result) or be in it (a context); a tool_result must be
// there.
func (w *World) ViewHas(where string, view []format.ModelText, kind, got string) {
	found := false
	for _, m := range view {
		if m.Kind != kind {
			continue
		}
		found = true
		text := w.Normalized(m.Text)
		if (kind == "tool_result" && text != got) || (kind != "tool_result" && !strings.Contains(got, text)) {
			w.Problem("%s: the model view's %s %q is not what %s sent the model (%q)", where, kind, text, w.Agent.Label, got)
		}
	}
	if kind == "tool_result" && !found {
		w.Problem("%s: the model view has no tool_result; %s sent the model %q", where, w.Agent.Label, got)
	}
}

// ReadEvent reads a recorded payload (placeholders filled in) as the
// engine would, and reports a payload that does not read as the agent's.
func (w *World) ReadEvent(where string, payload []byte) (runner.Event, bool) {
	ev, wire, err := compat.ParseEventWith([]byte(w.Ph.Expand(string(payload))), w.Proj, w.Loaded.Vocabulary)
	if err != nil {
		w.Problem("%s: the recorded payload does not read: %v", where, err)
		return ev, false
	}
	if wire != w.Agent.Format {
		w.Problem("%s: the payload is read as %q, not as %s's", where, wire, w.Agent.Label)
	}
	return ev, true
}
