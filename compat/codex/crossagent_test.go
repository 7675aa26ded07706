package codex

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
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The cross-agent replay for Codex (internal/oracletest, crossagent.go):
// every case of ../shared/cross-agent, testdata/cross-agent
// and $HOOKCOMPAT_CROSS_AGENT_CASES is replayed through hookcompat — the
// Codex format loading the converted hooks.json (as recorded, and as
// today's convert writes it), its protocol firing Codex's payloads, the
// exec shim (this repository's binary) running the unchanged Claude
// scripts — in a session driven by the case's model script: SessionStart
// and UserPromptSubmit, PreToolUse and PostToolUse around each call (the
// call carried out in the temp project as Codex would, its rollout
// written as Codex writes it), Stop after each answer, SessionEnd. What
// Codex would do with each reply is its Rendering. The effect is
// compared with the Claude Code recording of the same case; a difference
// passes only where convert's warnings name it.

// TestCrossAgentReplay replays each cross-agent case for Codex.
func TestCrossAgentReplay(t *testing.T) {
	cases := oracletest.CrossAgentCases(t, Name,
		filepath.Join("..", "..", "..", "shared", "cross-agent"), filepath.Join("..", "..", "testdata", "cross-agent"))
	oracletest.ReplayCross(t, "Codex", cases, convertToday, replayCodexCase)
}

// convertToday converts the case's claude-settings.json for Codex with
// this repository's convert: the file and its warnings.
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
	if err := os.WriteFile(p, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.TrimSpace(l) != "" {
			warnings = append(warnings, l)
		}
	}
	return p, warnings
}

// codexSim is one simulated Codex session of a cross-agent case.
type codexSim struct {
	t                                       *testing.T
	root, home, codexHome, proj, cwd, capts string
	env                                     []string
	cfg                                     *settings.Config
	rollout                                 string
	roll                                    bytes.Buffer
	p                                       *Protocol
	turn                                    string
	ph                                      oracletest.Placeholders
}

// replayCodexCase simulates the host case dir's session with the Codex
// hooks of file.
func replayCodexCase(t *testing.T, dir, file string) *oracletest.Effect {
	c, err := oracletest.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := &codexSim{t: t, root: t.TempDir(), p: NewProtocol(nil), turn: fakeTurn(1)}
	s.home = filepath.Join(s.root, "home")
	s.codexHome = filepath.Join(s.home, ".codex")
	s.proj = filepath.Join(s.root, "proj")
	s.capts = filepath.Join(s.root, "captures")
	for _, d := range []string{s.codexHome, s.proj, s.capts} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s.cwd = s.proj
	args := stringsOf(c.Spec["extra_args"])
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "-C" || args[i] == "--cd" {
			s.cwd = filepath.Join(s.proj, args[i+1])
		}
	}
	if files, ok := c.Spec["files"].(map[string]any); ok {
		for rel, content := range files {
			p := filepath.Join(s.proj, rel)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			str, _ := content.(string)
			must(t, os.WriteFile(p, []byte(str), 0o644))
		}
	}
	if c.Spec["git_init"] == true {
		if out, err := exec.Command("git", "init", "-q", s.proj).CombinedOutput(); err != nil {
			t.Logf("git init: %v: %s", err, out)
			must(t, os.MkdirAll(filepath.Join(s.proj, ".git"), 0o755))
		}
	}
	must(t, os.MkdirAll(s.cwd, 0o755))
	// The Claude scripts where the converted settings expect them.
	must(t, c.InstallHooks(filepath.Join(s.proj, ".claude", "hooks"), s.capts, oracletest.Placeholders{}))
	bin := testbin.Hookcompat(t)
	binDir := filepath.Join(s.root, "bin")
	must(t, os.MkdirAll(binDir, 0o755))
	must(t, os.Symlink(bin, filepath.Join(binDir, "hookcompat")))
	tmp := filepath.Join(s.root, "tmp")
	must(t, os.MkdirAll(tmp, 0o700))
	s.env = []string{"PATH=" + binDir + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + s.home, "CODEX_HOME=" + s.codexHome,
		"TERM=dumb", "LANG=C.UTF-8", "TMPDIR=" + tmp, "SHELL=/bin/bash"}
	data, err := os.ReadFile(file)
	must(t, err)
	dst := filepath.Join(s.codexHome, "hooks.json")
	if c.String("hooks_location") == "project" {
		must(t, os.MkdirAll(filepath.Join(s.proj, ".codex"), 0o755))
		dst = filepath.Join(s.proj, ".codex", "hooks.json")
	}
	must(t, os.WriteFile(dst, data, 0o644))
	env := &format.Env{Project: s.cwd, Home: s.home, Getenv: func(k string) string {
		if k == "CODEX_HOME" {
			return s.codexHome
		}
		return ""
	}}
	res, err := Format.Load([]format.Source{{Format: Name, Path: dst}}, env)
	if err != nil {
		t.Fatalf("load %s: %v", dst, err)
	}
	s.cfg = res.Config
	s.ph = oracletest.Placeholders{"<PROJECT>": s.proj, "<HOME>": s.home, "<CODEX_HOME>": s.codexHome}
	day := time.Now().UTC()
	s.rollout = filepath.Join(s.codexHome, "sessions", day.Format("2006/01/02"), "rollout-"+day.Format("2006-01-02T15-04-05")+"-"+fakeSession+".jsonl")
	must(t, os.MkdirAll(filepath.Dir(s.rollout), 0o755))
	s.record("session_meta", map[string]any{"id": fakeSession, "cwd": s.cwd, "cli_version": RenderVersion})
	s.record("turn_context", map[string]any{"turn_id": s.turn, "cwd": s.cwd, "model": "gpt-5.5"})

	prompt := c.String("prompt")
	if prompt == "" {
		prompt = "do it"
	}
	turns, fallback, err := oracletest.ModelScript(dir)
	must(t, err)
	eff := oracletest.Simulate(s, prompt, turns, fallback)
	caps, err := oracletest.ReadCaptures(s.capts)
	must(t, err)
	for _, cp := range caps {
		var stdin map[string]any
		_ = json.Unmarshal([]byte(s.ph.Normalize(string(cp.Stdin))), &stdin)
		ev, _ := stdin["hook_event_name"].(string)
		eff.Hooks = append(eff.Hooks, oracletest.HookSeen{Name: cp.Name, Event: ev, Stdin: stdin})
	}
	eff.Files = oracletest.ProjectFiles(s.proj)
	return eff
}

// record appends one rollout line, as Codex writes its session file.
func (s *codexSim) record(kind string, payload any) {
	b, err := json.Marshal(map[string]any{"timestamp": time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), "type": kind, "payload": payload})
	must(s.t, err)
	s.roll.Write(b)
	s.roll.WriteByte('\n')
	must(s.t, os.WriteFile(s.rollout, s.roll.Bytes(), 0o644))
}

// fire sends ev through the Codex hooks and renders what Codex makes of
// the outcome.
func (s *codexSim) fire(ev runner.Event) (*runner.Outcome, Rendering) {
	ev.SessionID, ev.Workspace, ev.Cwd = fakeSession, s.cwd, s.cwd
	ev.TranscriptPath, ev.PermissionMode = s.rollout, "bypassPermissions"
	ev.Extra.Set(extraModel, json.RawMessage(`"gpt-5.5"`))
	if ev.Name != settings.SessionStart && ev.Name != settings.SessionEnd {
		ev.PromptID = s.turn
	}
	eng, err := runner.New(s.cfg, runner.Options{Workspace: s.cwd, Env: s.env, Protocols: []runner.Protocol{s.p}, MaxParallel: -1})
	must(s.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		s.t.Fatalf("%s: %v", ev.Name, err)
	}
	_ = eng.Close(ctx)
	return out, s.p.Render(out)
}

func texts(r Rendering, places ...string) []string {
	var out []string
	for _, p := range places {
		out = append(out, itemsAt(r, p)...)
	}
	return out
}

func (s *codexSim) Start(prompt string) ([]string, bool) {
	_, r := s.fire(runner.Event{Name: settings.SessionStart, Reason: "startup"})
	if r.SessionEnds {
		return nil, false
	}
	got := texts(r, PlaceBeforePrompt)
	s.record("response_item", map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": prompt}}})
	_, r = s.fire(runner.Event{Name: settings.PromptSubmit, Prompt: prompt})
	if r.PromptDropped {
		return append(got, texts(r, PlaceAfterPrompt)...), false
	}
	return append(got, texts(r, PlaceAfterPrompt)...), true
}

func (s *codexSim) Call(n int, item map[string]any) (bool, []string, bool) {
	id := fmt.Sprintf("call_fake_t%d_b0", n)
	var tool string
	var input json.RawMessage
	switch item["type"] {
	case "shell":
		cmd, _ := item["command"].(string)
		tool, input = "Bash", mustJSON(map[string]string{"command": cmd})
		s.record("response_item", map[string]any{"type": "function_call", "name": "exec_command", "arguments": string(mustJSON(map[string]string{"cmd": cmd})), "call_id": id})
	case "apply_patch":
		patch, _ := item["patch"].(string)
		patch = s.ph.Expand(patch)
		tool = "apply_patch"
		o := jsonwire.NewObject(jsonwire.Serde)
		o.Str("command", patch)
		input, _ = o.Bytes()
		s.record("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": id})
	default:
		s.t.Logf("call %d: a %v call is not simulated", n, item["type"])
		return false, nil, false
	}
	native, args := s.p.nativeTool(tool, input, s.cwd)
	pre := runner.Event{Name: settings.PreTool, Tool: native, Args: args, ToolCallID: id}
	if tool == "apply_patch" {
		pre.Extra.Set(extraToolInput, input)
	}
	_, r := s.fire(pre)
	if r.ToolRuns != nil && !*r.ToolRuns {
		return false, texts(r, PlaceBeforeOutput, PlaceOutput), false
	}
	before := texts(r, PlaceBeforeOutput)
	if r.EffectiveInput != nil {
		input = r.EffectiveInput
	}
	output, code := s.run(tool, input)
	s.record("event_msg", map[string]any{"type": "item_completed", "item": map[string]any{"type": "CommandExecution", "id": id, "aggregated_output": output, "exit_code": code}})
	post := runner.Event{Name: settings.PostTool, Tool: native, Args: args, ToolCallID: id, Result: mustJSON(output)}
	if tool == "apply_patch" {
		post.Extra.Set(extraToolInput, input)
		post.Tool, post.Args = s.p.nativeTool(tool, input, s.cwd)
	} else {
		post.Tool, post.Args = s.p.nativeTool("Bash", input, s.cwd)
	}
	_, r = s.fire(post)
	shown := fmt.Sprintf("Chunk ID: 0a1b2c\nWall time: 0.0000 seconds\nProcess exited with code %d\nOriginal token count: 1\nOutput:\n%s", code, output)
	if tool == "apply_patch" {
		shown = fmt.Sprintf("Exit code: %d\nWall time: 0 seconds\nOutput:\n%s", code, output)
	}
	got := append(before, texts(r, PlaceBeforeOutput)...)
	if out := texts(r, PlaceOutput); len(out) > 0 {
		got = append(got, out...)
		shown = out[0]
	} else {
		got = append(got, shown)
	}
	s.record("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": shown})
	return true, got, false
}

// run carries out a call in the project as Codex would: a command under
// bash in the session's cwd, a patch applied; the output Codex captures
// and the exit code.
func (s *codexSim) run(tool string, input json.RawMessage) (string, int) {
	cmd := commandOf(input)
	if tool == "apply_patch" {
		if err := applyPatchText(cmd, s.cwd, s.root); err != nil {
			return "apply_patch verification failed: " + err.Error(), 1
		}
		return "Success. Updated the following files:\n", 0
	}
	ctx, cancel := context.WithTimeout(context.Background(), toolRunTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, "/bin/bash", "-lc", cmd)
	c.Dir, c.Env = s.cwd, s.env
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.WaitDelay = 2 * time.Second
	out, err := c.CombinedOutput()
	code := 0
	if c.ProcessState != nil {
		code = c.ProcessState.ExitCode()
	} else if err != nil {
		code = 1
	}
	return string(out), code
}

func (s *codexSim) Stop(answer string, k int) ([]string, bool) {
	s.record("response_item", map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": answer}}})
	_, r := s.fire(runner.Event{Name: settings.Stop, StopHookActive: k > 0, Output: answer})
	if !r.Continues {
		return nil, false
	}
	got := texts(r, PlaceNextRequest)
	s.record("response_item", map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": strings.Join(got, "")}}})
	return got, true
}

func (s *codexSim) End() {
	s.fire(runner.Event{Name: settings.SessionEnd, Reason: "other"})
}

// TestCrossAgentReplayFailsOnAlteredRecording: a Claude recording whose
// effect was altered — the blocked call of a_pre_exit2_blocks_bash made
// to run (no permission denial, ran.log written) — is a difference no
// warning names, against the same Codex replay that matches the true
// recording.
func TestCrossAgentReplayFailsOnAlteredRecording(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared", "cross-agent")
	host := filepath.Join(shared, Name, "a_pre_exit2_blocks_bash")
	claude := filepath.Join(shared, "claude", "a_pre_exit2_blocks_bash")
	if _, err := os.Stat(host); err != nil {
		t.Skipf("%s is absent", host)
	}
	eff := replayCodexCase(t, host, filepath.Join(host, "hooks.json"))
	warnings := oracletest.ReadWarnings(host)
	unwarned := func(dir string) []oracletest.Diff {
		side, err := oracletest.ReadClaude(dir)
		if err != nil {
			t.Fatal(err)
		}
		var out []oracletest.Diff
		for _, d := range oracletest.CompareEffects(side, eff) {
			if !oracletest.Warned(d, warnings) {
				out = append(out, d)
			}
		}
		return out
	}
	if d := unwarned(claude); len(d) != 0 {
		t.Fatalf("the true recording differs: %v", d)
	}
	altered := filepath.Join(t.TempDir(), "claude")
	copyTree(t, claude, altered)
	var o map[string]any
	data, err := os.ReadFile(filepath.Join(altered, "observed.json"))
	must(t, err)
	must(t, json.Unmarshal(data, &o))
	o["result"].(map[string]any)["permission_denials"] = []any{}
	o["side_effects"] = map[string]any{"ran.log": "RAN-A\n"}
	data, err = json.Marshal(o)
	must(t, err)
	must(t, os.WriteFile(filepath.Join(altered, "observed.json"), data, 0o644))
	diffs := unwarned(altered)
	kinds := map[string]bool{}
	for _, d := range diffs {
		kinds[d.Kind] = true
	}
	if !kinds["ran"] || !kinds["files"] {
		t.Fatalf("the altered recording's call ran in Claude Code and not under Codex: want unwarned ran and files differences, got %v", diffs)
	}
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, info.Mode())
	})
	must(t, err)
}
