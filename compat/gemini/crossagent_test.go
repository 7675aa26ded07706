package gemini_test

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
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The cross-agent replay for Gemini CLI (internal/oracletest,
// crossagent.go): each cross-agent case is replayed through hookcompat —
// the Gemini format loading the converted settings (as recorded, and as
// today's convert writes them), its protocol firing Gemini CLI's
// payloads, the exec shim (this repository's binary) running the
// unchanged Claude scripts — in a session driven by the case's model
// script as Gemini CLI 0.61.0 runs it headless: SessionStart, BeforeAgent
// for the prompt, BeforeTool and AfterTool around each call (carried out
// in the temp project, the chat recorded as Gemini CLI records it),
// AfterAgent after each answer and BeforeAgent again for its
// continuation, SessionEnd. What Gemini CLI makes of each reply is its
// Rendering. The effect is compared with the Claude Code recording of
// the case; a difference passes only where convert's warnings name it.

// TestCrossAgentReplay replays each cross-agent case for Gemini CLI.
func TestCrossAgentReplay(t *testing.T) {
	cases := oracletest.CrossAgentCases(t, gemini.Name,
		filepath.Join("..", "..", "..", "shared", "cross-agent"), filepath.Join("..", "..", "testdata", "cross-agent"))
	oracletest.ReplayCross(t, "Gemini CLI", cases, convertToday, replayGeminiCase)
}

func convertToday(t *testing.T, dir string) (string, []string) {
	bin := testbin.Hookcompat(t)
	cmd := exec.Command(bin, "convert", "--target", gemini.Name, "claude-settings.json")
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

const crossSession = "6c1e7b3a-0000-4000-8000-00000000abcd"

// geminiSim is one simulated Gemini CLI session.
type geminiSim struct {
	t                       *testing.T
	root, home, proj, capts string
	env                     []string
	cfg                     *settings.Config
	p                       *gemini.Protocol
	chat                    string
	records                 bytes.Buffer
	n                       int
	prompt, answers         string
	ph                      oracletest.Placeholders
	vocab                   *translate.Vocabulary
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func replayGeminiCase(t *testing.T, dir, file string) *oracletest.Effect {
	c, err := oracletest.Load(dir)
	must(t, err)
	s := &geminiSim{t: t, root: t.TempDir(), p: gemini.NewProtocol(nil), vocab: translate.DefaultVocabulary}
	s.home = filepath.Join(s.root, "home")
	s.proj = filepath.Join(s.root, "proj")
	s.capts = filepath.Join(s.root, "captures")
	gdir := filepath.Join(s.home, ".gemini")
	for _, d := range []string{gdir, s.proj, s.capts} {
		must(t, os.MkdirAll(d, 0o755))
	}
	if files, ok := c.Spec["files"].(map[string]any); ok {
		for rel, content := range files {
			p := filepath.Join(s.proj, rel)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			str, _ := content.(string)
			must(t, os.WriteFile(p, []byte(str), 0o644))
		}
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
	dst := filepath.Join(gdir, "settings.json")
	must(t, os.WriteFile(dst, data, 0o644))
	res, err := gemini.Format.Load([]format.Source{{Format: gemini.Name, Path: dst}}, &format.Env{Project: s.proj, Home: s.home, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatalf("load %s: %v", dst, err)
	}
	s.cfg = res.Config
	s.ph = oracletest.Placeholders{"<PROJECT>": s.proj, "<HOME>": s.home}
	s.chat = filepath.Join(gdir, "tmp", "proj", "chats", "session-"+time.Now().UTC().Format("2006-01-02T15-04")+"-"+crossSession[:8]+".jsonl")
	must(t, os.MkdirAll(filepath.Dir(s.chat), 0o755))
	s.write(map[string]any{"sessionId": crossSession, "projectHash": "h", "startTime": now(), "lastUpdated": now(), "kind": "main"})

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

// subst replaces the model script's {{PROJECT}} and {{HOME}} by the
// session's folders, as the fake model API does.
func (s *geminiSim) subst(text string) string {
	return strings.NewReplacer("{{PROJECT}}", s.proj, "{{HOME}}", s.home).Replace(text)
}

func now() string { return time.Now().UTC().Format("2006-01-02T15:04:05.000Z") }

// write appends one chat record, as Gemini CLI records a session.
func (s *geminiSim) write(rec map[string]any) {
	b, err := json.Marshal(rec)
	must(s.t, err)
	s.records.Write(b)
	s.records.WriteByte('\n')
	must(s.t, os.WriteFile(s.chat, s.records.Bytes(), 0o644))
}

func (s *geminiSim) message(kind string, content any, extra map[string]any) {
	s.n++
	rec := map[string]any{"id": fmt.Sprintf("m%d", s.n), "timestamp": now(), "type": kind, "content": content}
	for k, v := range extra {
		rec[k] = v
	}
	s.write(rec)
}

func (s *geminiSim) fire(ev runner.Event) (*runner.Outcome, *gemini.Rendering) {
	ev.SessionID, ev.Workspace, ev.Cwd, ev.TranscriptPath = crossSession, s.proj, s.proj, s.chat
	eng, err := runner.New(s.cfg, runner.Options{Workspace: s.proj, Env: s.env, Protocols: []runner.Protocol{s.p}, MaxParallel: -1})
	must(s.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		s.t.Fatalf("%s: %v", ev.Name, err)
	}
	_ = eng.Close(ctx)
	rd := s.p.Render(out)
	return out, &rd
}

func (s *geminiSim) Start(prompt string) ([]string, bool) {
	s.prompt = prompt
	_, rd := s.fire(runner.Event{Name: settings.SessionStart, Reason: "startup"})
	texts := append([]string{}, rd.ModelText...)
	p := rd.PromptPrefix + prompt
	s.message("user", []any{map[string]any{"text": p}}, nil)
	_, rd = s.fire(runner.Event{Name: settings.PromptSubmit, Prompt: p})
	texts = append(texts, rd.ModelText...)
	return texts, !rd.Blocked && !rd.Stops
}

func (s *geminiSim) Call(n int, item map[string]any) (bool, []string, bool) {
	var name string
	var args map[string]any
	switch item["type"] {
	case "shell":
		name, args = "run_shell_command", map[string]any{"command": item["command"]}
	case "function_call":
		name, _ = item["name"].(string)
		args, _ = item["arguments"].(map[string]any)
		b, _ := json.Marshal(args)
		_ = json.Unmarshal([]byte(s.subst(string(b))), &args)
	default:
		s.t.Logf("call %d: a %v call is not simulated", n, item["type"])
		return false, nil, false
	}
	id := fmt.Sprintf("%s_%d", name, n)
	raw, _ := json.Marshal(args)
	native := s.vocab.Name(gemini.Dialect, translate.Native, name)
	nargs := s.vocab.Args(gemini.Dialect, translate.Native, name, raw)
	s.message("gemini", "", map[string]any{"toolCalls": []any{map[string]any{"id": id, "name": name, "args": args, "status": "scheduled"}}})
	_, rd := s.fire(runner.Event{Name: settings.PreTool, Tool: native, Args: nargs})
	if rd.Stops {
		return false, rd.ModelText, true
	}
	if rd.ToolRuns == nil || !*rd.ToolRuns {
		return false, rd.ModelText, false
	}
	if rd.EffectiveInput != nil {
		raw = rd.EffectiveInput
		_ = json.Unmarshal(raw, &args)
		nargs = s.vocab.Args(gemini.Dialect, translate.Native, name, raw)
	}
	resp := s.run(name, args)
	_, rd2 := s.fire(runner.Event{Name: settings.PostTool, Tool: native, Args: nargs, Result: resp})
	var r struct {
		LLMContent string `json:"llmContent"`
	}
	_ = json.Unmarshal(resp, &r)
	shown := r.LLMContent + rd.OutputNote
	texts := append([]string{}, rd2.ModelText...)
	if rd2.ToolResponse != nil {
		var o struct {
			Output, Error string
		}
		_ = json.Unmarshal(rd2.ToolResponse, &o)
		shown = o.Output + o.Error
	}
	texts = append(texts, shown)
	s.message("user", []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": name, "response": map[string]any{"output": shown}}}}, nil)
	return true, texts, rd2.Stops
}

// run carries out a call as Gemini CLI's tools do and returns its
// tool_response {llmContent, returnDisplay}.
func (s *geminiSim) run(name string, args map[string]any) json.RawMessage {
	str := func(k string) string { v, _ := args[k].(string); return v }
	resp := map[string]any{}
	switch name {
	case "run_shell_command":
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		c := exec.CommandContext(ctx, "/bin/bash", "-c", str("command"))
		c.Dir, c.Env = s.proj, s.env
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		c.WaitDelay = 2 * time.Second
		out, _ := c.CombinedOutput()
		o := strings.TrimRight(string(out), "\n")
		parts := []string{"Output: " + o}
		if o == "" {
			parts[0] = "Output: (empty)"
		}
		if code := c.ProcessState.ExitCode(); code != 0 {
			parts = append(parts, fmt.Sprintf("Exit Code: %d", code))
		}
		parts = append(parts, "Process Group PGID: 1")
		resp["llmContent"] = "<untrusted_context>\n" + strings.Join(parts, "\n") + "\n</untrusted_context>"
		resp["returnDisplay"] = o
	case "write_file", "replace":
		path := str("file_path")
		before, err := os.ReadFile(path)
		orig := string(before)
		content := str("content")
		if name == "replace" {
			content = strings.Replace(orig, str("old_string"), str("new_string"), 1)
		}
		must(s.t, os.WriteFile(path, []byte(content), 0o644))
		msg := "Successfully modified file: " + path + " (1 replacements)."
		if name == "write_file" && err != nil {
			msg = "Successfully created and wrote to new file: " + path + "."
		}
		resp["llmContent"] = msg
		resp["returnDisplay"] = map[string]any{"fileName": filepath.Base(path), "filePath": path, "originalContent": orig, "newContent": content}
	case "read_file":
		b, err := os.ReadFile(str("file_path"))
		if err != nil {
			resp["llmContent"] = "File not found: " + str("file_path")
		} else {
			resp["llmContent"] = string(b)
		}
		resp["returnDisplay"] = ""
	default:
		resp["llmContent"] = "not simulated"
		resp["returnDisplay"] = ""
	}
	b, _ := json.Marshal(resp)
	return b
}

func (s *geminiSim) Stop(answer string, k int) ([]string, bool) {
	s.message("gemini", answer, nil)
	if s.answers != "" {
		s.answers += "\n"
	}
	s.answers += answer
	_, rd := s.fire(runner.Event{Name: settings.Stop, Prompt: s.prompt, Output: s.answers, StopHookActive: k > 0})
	if rd.Continuation == nil || rd.Stops {
		return nil, false
	}
	texts := append([]string{}, rd.ModelText...)
	next := *rd.Continuation
	s.message("user", []any{map[string]any{"text": next}}, nil)
	// Gemini CLI fires BeforeAgent again for the continuation.
	_, rd = s.fire(runner.Event{Name: settings.PromptSubmit, Prompt: next})
	texts = append(texts, rd.ModelText...)
	return texts, !rd.Blocked && !rd.Stops
}

func (s *geminiSim) End() {
	s.fire(runner.Event{Name: settings.SessionEnd, Reason: "exit"})
}
