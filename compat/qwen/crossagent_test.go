package qwen_test

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
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The cross-agent replay for Qwen Code (internal/oracletest,
// crossagent.go), as for Gemini CLI: each cross-agent case is replayed
// through hookcompat — the Qwen format loading the converted settings (as
// recorded, and as today's convert writes them), its protocol firing Qwen
// Code's payloads, the exec shim running the unchanged Claude scripts — in
// a session driven by the case's model script as Qwen Code 0.24.4 runs it
// headless: SessionStart, UserPromptSubmit for the prompt (with
// submitted_prompt), PreToolUse and PostToolUse (PostToolUseFailure for a
// failed call) around each call, PostToolBatch and UserPromptSubmit
// again (prompt "") after a reply's calls, Stop after each answer and
// UserPromptSubmit for a Stop continuation. What Qwen Code makes of each
// reply is its Rendering; the effect is compared with the Claude Code
// recording, a difference passing only where convert's warnings name it.

// TestCrossAgentReplay replays each cross-agent case for Qwen Code.
func TestCrossAgentReplay(t *testing.T) {
	cases := oracletest.CrossAgentCases(t, qwen.Name,
		filepath.Join("..", "..", "..", "shared", "cross-agent"), filepath.Join("..", "..", "testdata", "cross-agent"))
	oracletest.ReplayCross(t, "Qwen Code", cases, convertToday, replayQwenCase)
}

func convertToday(t *testing.T, dir string) (string, []string) {
	bin := testbin.Hookcompat(t)
	cmd := exec.Command(bin, "convert", "--target", qwen.Name, "claude-settings.json")
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

// qwenSim is one simulated Gemini CLI session.
type qwenSim struct {
	t                       *testing.T
	root, home, proj, capts string
	env                     []string
	cfg                     *settings.Config
	p                       *qwen.Protocol
	chat                    string
	records                 bytes.Buffer
	n                       int
	prompt                  string
	ph                      oracletest.Placeholders
	vocab                   *translate.Vocabulary
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func replayQwenCase(t *testing.T, dir, file string) *oracletest.Effect {
	c, err := oracletest.Load(dir)
	must(t, err)
	s := &qwenSim{t: t, root: t.TempDir(), p: qwen.NewProtocol(nil), vocab: translate.DefaultVocabulary}
	s.home = filepath.Join(s.root, "home")
	s.proj = filepath.Join(s.root, "proj")
	s.capts = filepath.Join(s.root, "captures")
	gdir := filepath.Join(s.home, ".qwen")
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
	res, err := qwen.Format.Load([]format.Source{{Format: qwen.Name, Path: dst}}, &format.Env{Project: s.proj, Home: s.home, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatalf("load %s: %v", dst, err)
	}
	s.cfg = res.Config
	s.ph = oracletest.Placeholders{"<PROJECT>": s.proj, "<HOME>": s.home}
	s.chat = filepath.Join(gdir, "projects", "proj", "chats", crossSession+".jsonl")
	must(t, os.MkdirAll(filepath.Dir(s.chat), 0o755))

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
func (s *qwenSim) subst(text string) string {
	return strings.NewReplacer("{{PROJECT}}", s.proj, "{{HOME}}", s.home).Replace(text)
}

func now() string { return time.Now().UTC().Format("2006-01-02T15:04:05.000Z") }

// write appends one chat record, as Gemini CLI records a session.
func (s *qwenSim) write(rec map[string]any) {
	b, err := json.Marshal(rec)
	must(s.t, err)
	s.records.Write(b)
	s.records.WriteByte('\n')
	must(s.t, os.WriteFile(s.chat, s.records.Bytes(), 0o644))
}

// message appends one chat record as Qwen Code writes it: kind user
// (provenance real_user, or hook for a continuation), assistant or
// tool_result, with the message's parts.
func (s *qwenSim) message(kind, provenance string, role string, parts []any) {
	s.n++
	s.write(map[string]any{"uuid": fmt.Sprintf("u%d", s.n), "sessionId": crossSession, "timestamp": now(), "type": kind, "provenance": provenance,
		"cwd": s.proj, "version": "0.24.4", "message": map[string]any{"role": role, "parts": parts}})
}

func (s *qwenSim) fire(ev runner.Event) (*runner.Outcome, *qwen.Rendering) {
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

func (s *qwenSim) Start(prompt string) ([]string, bool) {
	s.prompt = prompt
	_, rd := s.fire(runner.Event{Name: settings.SessionStart, Reason: "startup"})
	texts := append([]string{}, rd.ModelText...)
	s.message("user", "real_user", "user", []any{map[string]any{"text": prompt}})
	ev := runner.Event{Name: settings.PromptSubmit, Prompt: prompt}
	ev.Extra.Set("submitted_prompt", mustRaw(prompt))
	_, rd = s.fire(ev)
	texts = append(texts, rd.ModelText...)
	return texts, !rd.Blocked
}

func mustRaw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

func (s *qwenSim) Call(n int, item map[string]any) (bool, []string, bool) {
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
	native := s.vocab.Name(qwen.Dialect, translate.Native, name)
	nargs := s.vocab.Args(qwen.Dialect, translate.Native, name, raw)
	s.message("assistant", "assistant_output", "model", []any{map[string]any{"functionCall": map[string]any{"id": id, "name": name, "args": args}}})
	pre := runner.Event{Name: settings.PreTool, Tool: native, Args: nargs, ToolCallID: id}
	pre.Extra.Set("tool_use_id", mustRaw("toolu_"+id))
	_, rd := s.fire(pre)
	if rd.ToolRuns == nil || !*rd.ToolRuns {
		shown := ""
		if rd.ToolResult != nil {
			shown = *rd.ToolResult
		}
		s.message("tool_result", "tool_result", "user", []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": name, "response": map[string]any{"output": shown}}}})
		return false, append([]string{shown}, rd.ModelText...), false
	}
	resp, code := s.run(name, args)
	post := runner.Event{Name: settings.PostTool, Tool: native, Args: nargs, ToolCallID: id, Result: resp}
	if code != 0 {
		var r struct {
			LLMContent string `json:"llmContent"`
		}
		_ = json.Unmarshal(resp, &r)
		post = runner.Event{Name: settings.PostToolFailure, Tool: native, Args: nargs, ToolCallID: id, Error: r.LLMContent}
	}
	post.Extra.Set("tool_use_id", mustRaw("toolu_"+id))
	_, rd2 := s.fire(post)
	var r struct {
		LLMContent string `json:"llmContent"`
	}
	_ = json.Unmarshal(resp, &r)
	shown := r.LLMContent
	if rd2.ToolResult != nil {
		shown = *rd2.ToolResult
	}
	s.message("tool_result", "tool_result", "user", []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": name, "response": map[string]any{"output": shown}}}})
	return true, append([]string{shown}, rd2.ModelText...), false
}

// EndBatch fires what Qwen Code fires after a reply's calls: its prompt
// event for the tool results (prompt "", no submitted_prompt).
func (s *qwenSim) EndBatch(int) ([]string, bool) {
	_, rd := s.fire(runner.Event{Name: settings.PromptSubmit, Prompt: ""})
	return rd.ModelText, rd.Blocked
}

// run carries out a call as Gemini CLI's tools do and returns its
// tool_response {llmContent, returnDisplay}.
func (s *qwenSim) run(name string, args map[string]any) (json.RawMessage, int) {
	code := 0
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
		code = c.ProcessState.ExitCode()
		if o == "" {
			o = "(empty)"
		}
		resp["llmContent"] = fmt.Sprintf("Command: %s\nDirectory: (root)\nOutput: %s\nError: (none)\nExit Code: %d\nSignal: (none)\nProcess Group PGID: (none)", str("command"), o, code)
		resp["returnDisplay"] = strings.TrimRight(string(out), "\n")
	case "write_file", "edit":
		path := str("file_path")
		before, err := os.ReadFile(path)
		orig := string(before)
		content := str("content")
		if name == "edit" {
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
	return b, code
}

func (s *qwenSim) Stop(answer string, k int) ([]string, bool) {
	s.message("assistant", "assistant_output", "model", []any{map[string]any{"text": answer}})
	_, rd := s.fire(runner.Event{Name: settings.Stop, Output: answer, StopHookActive: k > 0})
	if rd.Continuation == nil || (rd.StopCap > 0 && k+1 >= rd.StopCap) {
		return nil, false
	}
	texts := append([]string{}, rd.ModelText...)
	next := *rd.Continuation
	s.message("user", "hook", "user", []any{map[string]any{"text": next}})
	// Qwen Code fires UserPromptSubmit for the continuation too.
	_, rd2 := s.fire(runner.Event{Name: settings.PromptSubmit, Prompt: next})
	texts = append(texts, rd2.ModelText...)
	return texts, !rd2.Blocked
}

// End: Qwen Code fires SessionEnd for interactive exits only.
func (s *qwenSim) End() {}
