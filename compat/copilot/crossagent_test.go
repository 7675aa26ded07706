package copilot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The cross-agent replay for Copilot CLI (internal/oracletest,
// crossagent.go): Claude Code hooks converted with `convert --target
// copilot` and run by the real Copilot CLI 1.0.102 are recorded in
// testdata/cross-agent/<case> (each the shared cross-agent Claude case
// of that name, its claude-settings.json converted unedited, the model's
// calls in Copilot's tools); each is replayed through hookcompat — the
// Copilot format loading the converted hooks file (as recorded, and as
// today's convert writes it), its protocol firing Copilot's payloads, the
// exec shim (this repository's binary) running the unchanged Claude
// scripts — in a session driven by the case's model script as copilot -p
// runs it: sessionStart and userPromptSubmitted, preToolUse and
// postToolUse around each call (carried out in the temp project),
// agentStop after each answer, sessionEnd. The effect is compared with
// the Claude Code recording of the case (../shared/cross-agent/claude);
// a difference passes only where convert's warnings name it. The same
// replay is checked against Copilot's own recording of the case
// (TestCrossAgentRecordedByCopilot), so the simulation is Copilot's.

const crossSession = "6c1e7b3a-0000-4000-8000-00000000abcd"

func crossCases(t *testing.T) []oracletest.CrossCase {
	claudeRoot := filepath.Join("..", "..", "..", "shared", "cross-agent", "claude")
	if _, err := os.Stat(claudeRoot); err != nil {
		t.Skipf("no Claude cross-agent recordings (%s): %v", claudeRoot, err)
	}
	dirs, err := os.ReadDir(filepath.Join("testdata", "cross-agent"))
	must(t, err)
	var out []oracletest.CrossCase
	for _, d := range dirs {
		host := filepath.Join("testdata", "cross-agent", d.Name())
		if _, err := os.Stat(filepath.Join(host, "observed.json")); err != nil {
			continue
		}
		claude := filepath.Join(claudeRoot, d.Name())
		if _, err := os.Stat(filepath.Join(claude, "observed.json")); err != nil {
			t.Errorf("cross-agent case %s has no Claude recording %s", host, claude)
			continue
		}
		out = append(out, oracletest.CrossCase{Name: d.Name(), Claude: claude, Host: host})
	}
	if len(out) == 0 {
		t.Fatal("no Copilot cross-agent cases in testdata/cross-agent")
	}
	return out
}

// TestCrossAgentReplay replays each cross-agent case for Copilot CLI.
func TestCrossAgentReplay(t *testing.T) {
	cases := crossCases(t)
	oracletest.ReplayCross(t, "Copilot CLI", cases, convertToday, replayCrossCase)
}

// TestCrossAgentRecordedByCopilot checks the simulation itself: what the
// replay of each case gives the model (which calls ran, each call's
// result, the turn's course) is what the real Copilot CLI gave it with
// the same converted hooks file.
func TestCrossAgentRecordedByCopilot(t *testing.T) {
	for _, cc := range crossCases(t) {
		t.Run(cc.Name, func(t *testing.T) {
			obs := readObservedDir(t, cc.Host)
			eff := replayCrossCase(t, cc.Host, filepath.Join(cc.Host, "hooks.json"))
			var ran []bool
			for _, tc := range obs.ToolCalls {
				if tc.Agent != "" {
					continue
				}
				ran = append(ran, tc.Outcome != nil && (tc.Outcome.Success || tc.Output != nil && strings.HasPrefix(*tc.Output, "Tool result blocked: ")))
			}
			if fmt.Sprint(ran) != fmt.Sprint(eff.Ran) {
				t.Errorf("calls ran: Copilot %v, the replay %v", ran, eff.Ran)
			}
			for i, tc := range obs.ToolCalls {
				if tc.Output == nil {
					continue
				}
				got := strings.Join(eff.Seen[fmt.Sprintf("call:%d", i)], "\n")
				if !strings.Contains(got, cleanShell(*tc.Output)) {
					t.Errorf("call %d: Copilot gave the model %q, the replay %q", i, *tc.Output, got)
				}
			}
			if want := len(obs.ModelTurns); want != len(eff.Flow)-1 {
				t.Errorf("model requests: Copilot %d, the replay %d (%v)", want, len(eff.Flow)-1, eff.Flow)
			}
		})
	}
}

// cleanShell drops the shell id line's number, which counts Copilot's
// shells.
func cleanShell(s string) string {
	if i := strings.Index(s, "\n<shellId: "); i >= 0 {
		return s[:i]
	}
	return s
}

func readObservedDir(t *testing.T, dir string) *observed {
	data, err := os.ReadFile(filepath.Join(dir, "observed.json"))
	must(t, err)
	var o observed
	must(t, json.Unmarshal(data, &o))
	return &o
}

func convertToday(t *testing.T, dir string) (string, []string) {
	bin := testbin.Hookcompat(t)
	cmd := exec.Command(bin, "convert", "--target", Name, "claude-settings.json")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("convert: %v: %s", err, stderr.String())
	}
	p := filepath.Join(t.TempDir(), "hooks.json")
	must(t, os.WriteFile(p, stdout.Bytes(), 0o644))
	var warnings []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.TrimSpace(l) != "" {
			warnings = append(warnings, l)
		}
	}
	return p, warnings
}

// copilotSim is one simulated copilot -p session.
type copilotSim struct {
	t                       *testing.T
	root, home, proj, capts string
	env                     []string
	cfg                     *settings.Config
	p                       *Protocol
	transcript              string
	shells                  int
	vocab                   *translate.Vocabulary
}

func replayCrossCase(t *testing.T, dir, file string) *oracletest.Effect {
	c, err := oracletest.Load(dir)
	must(t, err)
	s := &copilotSim{t: t, root: t.TempDir(), p: NewProtocol(nil), vocab: translate.DefaultVocabulary}
	s.home = filepath.Join(s.root, "home")
	s.proj = filepath.Join(s.root, "proj")
	s.capts = filepath.Join(s.root, "captures")
	hooksDir := filepath.Join(s.proj, ".github", "hooks")
	for _, d := range []string{s.home, hooksDir, s.capts} {
		must(t, os.MkdirAll(d, 0o755))
	}
	must(t, c.InstallHooks(filepath.Join(s.proj, ".claude", "hooks"), s.capts, oracletest.Placeholders{}))
	binDir := filepath.Join(s.root, "bin")
	must(t, os.MkdirAll(binDir, 0o755))
	must(t, os.Symlink(testbin.Hookcompat(t), filepath.Join(binDir, "hookcompat")))
	tmp := filepath.Join(s.root, "tmp")
	must(t, os.MkdirAll(tmp, 0o700))
	s.env = []string{"PATH=" + binDir + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + s.home, "TERM=dumb", "LANG=C.UTF-8", "TMPDIR=" + tmp, "SHELL=/bin/bash"}
	data, err := os.ReadFile(file)
	must(t, err)
	dst := filepath.Join(hooksDir, "claude.json")
	must(t, os.WriteFile(dst, data, 0o644))
	res, err := Format.Load([]format.Source{{Format: Name, Path: dst, Scope: ScopeRepo}}, &format.Env{Project: s.proj, Home: s.home, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatalf("load %s: %v", dst, err)
	}
	s.cfg = res.Config
	s.transcript = filepath.Join(s.home, ".copilot", "session-state", crossSession, "events.jsonl")
	must(t, os.MkdirAll(filepath.Dir(s.transcript), 0o755))
	must(t, os.WriteFile(s.transcript, nil, 0o644))
	prompt := c.String("prompt")
	if prompt == "" {
		prompt = "do it"
	}
	turns, fallback, err := oracletest.ModelScript(dir)
	must(t, err)
	eff := oracletest.Simulate(s, prompt, turns, fallback)
	caps, err := oracletest.ReadCaptures(s.capts)
	must(t, err)
	ph := oracletest.Placeholders{"<PROJECT>": s.proj, "<HOME>": s.home}
	for _, cp := range caps {
		var stdin map[string]any
		_ = json.Unmarshal([]byte(ph.Normalize(string(cp.Stdin))), &stdin)
		ev, _ := stdin["hook_event_name"].(string)
		eff.Hooks = append(eff.Hooks, oracletest.HookSeen{Name: cp.Name, Event: ev, Stdin: stdin})
	}
	eff.Files = oracletest.ProjectFiles(s.proj)
	return eff
}

// event appends one session event to events.jsonl, as Copilot records
// a session.
func (s *copilotSim) event(typ string, data map[string]any) {
	b, err := json.Marshal(map[string]any{"type": typ, "data": data, "timestamp": time.Now().UTC().Format(time.RFC3339Nano)})
	must(s.t, err)
	f, err := os.OpenFile(s.transcript, os.O_APPEND|os.O_WRONLY, 0o644)
	must(s.t, err)
	defer f.Close()
	_, err = f.Write(append(b, '\n'))
	must(s.t, err)
}

func (s *copilotSim) subst(text string) string {
	return strings.NewReplacer("{{PROJECT}}", s.proj, "{{HOME}}", s.home).Replace(text)
}

func (s *copilotSim) fire(ev runner.Event) Rendering {
	ev.SessionID, ev.Workspace, ev.Cwd, ev.TranscriptPath = crossSession, s.proj, s.proj, s.transcript
	eng, err := runner.New(s.cfg, runner.Options{Workspace: s.proj, Env: s.env, Protocols: []runner.Protocol{s.p}, MaxParallel: -1})
	must(s.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		s.t.Fatalf("%s: %v", ev.Name, err)
	}
	_ = eng.Close(ctx)
	return s.p.Render(out)
}

// modelTexts are the rendering's texts the model gets (not the user's).
func modelTexts(rd Rendering) []string {
	var out []string
	for _, x := range rd.Texts {
		if x.Kind != "user_text" {
			out = append(out, x.Text)
		}
	}
	return out
}

func (s *copilotSim) Start(prompt string) ([]string, bool) {
	s.event("session.start", map[string]any{"sessionId": crossSession})
	rd := s.fire(runner.Event{Name: settings.SessionStart, Reason: "new", Prompt: prompt})
	texts := modelTexts(rd)
	s.event("user.message", map[string]any{"content": prompt})
	rd = s.fire(runner.Event{Name: settings.PromptSubmit, Prompt: prompt})
	texts = append(texts, modelTexts(rd)...)
	return texts, !rd.PromptDropped
}

func (s *copilotSim) Call(n int, item map[string]any) (bool, []string, bool) {
	var name string
	var args map[string]any
	switch item["type"] {
	case "shell":
		desc, _ := item["description"].(string)
		name, args = "bash", map[string]any{"command": item["command"], "description": desc}
	case "function_call":
		name, _ = item["name"].(string)
		args, _ = item["arguments"].(map[string]any)
		b, _ := json.Marshal(args)
		_ = json.Unmarshal([]byte(s.subst(string(b))), &args)
	default:
		s.t.Logf("call %d: a %v call is not simulated", n, item["type"])
		return false, nil, false
	}
	raw, _ := json.Marshal(args)
	native := s.vocab.Name(Dialect, translate.Native, name)
	nargs := s.vocab.Args(Dialect, translate.Native, name, raw)
	rd := s.fire(runner.Event{Name: settings.PreTool, Tool: native, Args: nargs})
	var result string
	var after []string
	for _, x := range rd.Texts {
		switch x.Placement {
		case PlaceResult:
			result = x.Text
		case PlaceAfterResult:
			after = append(after, x.Text)
		}
	}
	if rd.ToolRuns != nil && !*rd.ToolRuns {
		return false, append([]string{result}, after...), false
	}
	if rd.Args != nil {
		raw = rd.Args
		_ = json.Unmarshal(raw, &args)
		nargs = s.vocab.Args(Dialect, translate.Native, name, raw)
	}
	text := s.run(name, args)
	res, _ := json.Marshal(map[string]string{"resultType": "success", "textResultForLlm": text})
	rd2 := s.fire(runner.Event{Name: settings.PostTool, Tool: native, Args: nargs, Result: res})
	shown := text
	for _, x := range rd2.Texts {
		switch x.Placement {
		case PlaceResult:
			shown = x.Text
		case PlaceResultTail:
			shown += x.Text
		}
	}
	return true, append([]string{shown}, after...), false
}

// run carries out a call as Copilot's tools do and returns the text its
// result gives the model.
func (s *copilotSim) run(name string, args map[string]any) string {
	str := func(k string) string { v, _ := args[k].(string); return v }
	switch name {
	case "bash":
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		c := exec.CommandContext(ctx, "/bin/bash", "-c", str("command"))
		c.Dir, c.Env = s.proj, s.env
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		c.WaitDelay = 2 * time.Second
		out, _ := c.CombinedOutput()
		id := s.shells
		s.shells++
		return fmt.Sprintf("%s\n<shellId: %d completed with exit code %d>", strings.TrimRight(string(out), "\n"), id, c.ProcessState.ExitCode())
	case "create":
		path := str("path")
		content := str("file_text")
		must(s.t, os.WriteFile(path, []byte(content), 0o644))
		return fmt.Sprintf("Created file %s with %d characters", path, len(content))
	case "edit":
		path := str("path")
		b, err := os.ReadFile(path)
		must(s.t, err)
		must(s.t, os.WriteFile(path, []byte(strings.Replace(string(b), str("old_str"), str("new_str"), 1)), 0o644))
		return fmt.Sprintf("File %s updated with changes.", path)
	case "view":
		b, err := os.ReadFile(str("path"))
		if err != nil {
			return fmt.Sprintf("Path %s does not exist. Please provide a valid path.", str("path"))
		}
		return string(b)
	}
	return "not simulated"
}

func (s *copilotSim) Stop(answer string, k int) ([]string, bool) {
	s.event("assistant.message", map[string]any{"content": answer, "toolRequests": []any{}})
	rd := s.fire(runner.Event{Name: settings.Stop, StopHookActive: k > 0})
	if !rd.Continues {
		return nil, false
	}
	texts := modelTexts(rd)
	for _, x := range rd.Texts {
		if x.Placement == PlaceContinuation {
			s.event("user.message", map[string]any{"content": x.Text})
		}
	}
	return texts, true
}

func (s *copilotSim) End() {
	s.fire(runner.Event{Name: settings.SessionEnd, Reason: "complete"})
}
