// Command agent is a small agent loop that embeds hookcompat: it loads a
// project's Claude Code, Phi and native hooks together, runs one session
// through them — session start, a prompt, a blocked, a rewritten, a
// judged and an allowed tool call, post-tool events, a stop that sends
// the agent back once, session end — and reloads the hooks when a file
// changes.
//
// Run it from the module's root:
//
//	go run ./examples/agent
//
// It works on a copy of the fixture project in testdata/project (the
// hooks write logs and the reload edits a settings file), so the
// repository is left as it was. -project names another project to copy.
//
// The agent links the three formats it loads by importing their packages
// (compat/claude, compat/phi, compat/native), each of which registers
// itself; an agent that wants every format hookcompat ships imports
// compat/all instead.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/runner"
)

func main() {
	project := flag.String("project", "", "project to copy and run the session in (default: the example's testdata/project)")
	flag.Parse()
	if err := run(context.Background(), os.Stdout, *project); err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}

// run copies the project (the fixture when src is empty) to a temporary
// directory and runs the session there, printing what the agent does.
func run(ctx context.Context, out io.Writer, src string) error {
	if src == "" {
		src = fixture()
	}
	tmp, err := os.MkdirTemp("", "hookcompat-agent-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "project")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return session(ctx, out, dir, tmp)
}

// fixture finds testdata/project: under the working directory (go run
// from the module root or from this directory), else beside this source
// file.
func fixture() string {
	for _, p := range []string{filepath.Join("examples", "agent", "testdata", "project"), filepath.Join("testdata", "project")} {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata", "project")
}

// judge stands in for a model: it denies writes whose file_path (in
// Claude Code's hook input, the prompt hook's $ARGUMENTS) is outside the
// project. A real agent asks its model with req.Prompt and reads the
// answer with runner.ParseVerdict.
func judge(project string) runner.Judge {
	return runner.JudgeFunc(func(_ context.Context, req *runner.JudgeRequest) (runner.Verdict, error) {
		path := gjson.GetBytes(req.Arguments, "tool_input.file_path").String()
		if filepath.IsAbs(path) && !strings.HasPrefix(path, project+string(filepath.Separator)) {
			return runner.Verdict{Decision: runner.DecisionBlock, Reason: path + " is outside the project"}, nil
		}
		return runner.Verdict{}, nil
	})
}

// counter is an Observer that counts hook runs by outcome, as a metrics
// exporter would.
type counter struct {
	mu   sync.Mutex
	runs map[runner.OutcomeKind]int
}

func (c *counter) HookStarted(context.Context, runner.HookRun) func(runner.HookEnd) {
	return func(end runner.HookEnd) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.runs[end.Reply.Outcome]++
	}
}

func (c *counter) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var parts []string
	for _, k := range []runner.OutcomeKind{runner.OutcomeSuccess, runner.OutcomeBlocking, runner.OutcomeError, runner.OutcomeTimeout} {
		if n := c.runs[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	return strings.Join(parts, ", ")
}

func session(ctx context.Context, out io.Writer, dir, home string) error {
	say := func(format string, args ...any) { fmt.Fprintf(out, format+"\n", args...) }

	// Load the project's hooks of three formats at once. With a judge,
	// the Claude prompt hook loads without a warning.
	loaded, err := compat.Load(compat.Options{
		Project:    dir,
		Home:       home, // no user-level hooks of the machine running the example
		ManagedDir: filepath.Join(home, "no-managed-settings"),
		Sources: slices.Concat(
			claude.Sources(filepath.Join(dir, ".claude", "settings.json")),
			phi.Sources(filepath.Join(dir, ".phi", "hooks")),
			native.Sources(filepath.Join(dir, "hooks.toml")),
		),
		Judge: judge(dir),
	})
	if err != nil {
		return err
	}
	say("loaded %d hooks from %d files, %d warnings", len(loaded.Config.Hooks), len(loaded.Files), len(loaded.Warnings))

	var background atomic.Int32
	runs := &counter{runs: map[runner.OutcomeKind]int{}}
	eng, err := compat.NewEngine(loaded, runner.Options{
		Env:          append(os.Environ(), "HOME="+home),
		Observer:     runs,
		MaxTimeout:   time.Minute,
		OnBackground: func(*runner.Outcome) { background.Add(1) },
	})
	if err != nil {
		return err
	}
	defer eng.Close(context.Background())

	// Hot reload: the engine follows the files from the load above.
	changes := make(chan compat.Change, 4)
	w, err := compat.Watch(loaded, eng, func(c compat.Change) { changes <- c })
	if err != nil {
		return err
	}
	defer w.Close()

	s := &runner.Session{Engine: eng, ID: "session-1", Base: runner.Event{
		TranscriptPath: filepath.Join(home, "session-1.jsonl"), PermissionMode: "default", Agent: "example-agent",
	}}

	start, err := s.Start(ctx, "startup")
	if err != nil {
		return err
	}
	say("session_start: %d hook(s) ran", len(start.Hooks))

	prompt, err := s.Prompt(ctx, "prompt-1", "Tidy up the build directory and list the files.")
	if err != nil {
		return err
	}
	say("prompt accepted; context for the model:\n  %s", strings.ReplaceAll(prompt.Context, "\n\n", "\n  "))

	calls := []runner.ToolCall{
		{ID: "call-1", Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf build"}`)},
		{ID: "call-2", Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)},
		{ID: "call-3", Tool: "write", Args: json.RawMessage(`{"path":"/etc/hosts","content":"127.0.0.1 example"}`)},
		{ID: "call-4", Tool: "write", Args: json.RawMessage(`{"path":"NOTES.md","content":"done"}`)},
	}
	for _, call := range calls {
		if err := toolCall(ctx, s, call, say); err != nil {
			return err
		}
	}

	stop, err := s.Stop(ctx, "I listed the files.")
	if err != nil {
		return err
	}
	if stop.Continue {
		say("stop: a hook sends the agent back: %q", stop.Prompt)
		stop, err = s.Stop(ctx, "The tests pass.")
		if err != nil {
			return err
		}
	}
	say("stop: the turn ends (continue=%v)", stop.Continue)

	// An edit adds a guard with a matcher that does not compile and a
	// valid post-tool hook: the valid one is swapped in, and the
	// change's warnings say why the other is not running.
	settingsFile := filepath.Join(dir, ".claude", "settings.json")
	edit, err := os.ReadFile(settingsFile)
	if err != nil {
		return err
	}
	edit, _ = sjson.SetRawBytes(edit, "hooks.PreToolUse.-1", []byte(`{"matcher":"(Bash","hooks":[{"type":"command","command":"echo never"}]}`))
	edit, _ = sjson.SetRawBytes(edit, "hooks.PostToolUse.-1", []byte(`{"matcher":"Write","hooks":[{"type":"command","command":"echo written"}]}`))
	if err := os.WriteFile(settingsFile, edit, 0o644); err != nil {
		return err
	}
	select {
	case c := <-changes:
		if c.Err != nil {
			return fmt.Errorf("reload: %w", c.Err)
		}
		say("reloaded: %d hook(s) added, %d removed", len(c.Added), len(c.Removed))
		for _, warn := range c.Warnings {
			say("  warning: %s: %s", warn.Code, warn.Message)
		}
	case <-time.After(10 * time.Second):
		return fmt.Errorf("reload: no change seen")
	}

	if _, err := s.End(ctx, "exit"); err != nil {
		return err
	}
	// Close lets the queued hooks (native post_tool, session_end) finish.
	if err := w.Close(); err != nil {
		return err
	}
	if err := eng.Close(ctx); err != nil {
		return err
	}
	say("background events run: %d", background.Load())
	end, err := os.ReadFile(filepath.Join(dir, ".hooks-log", "session_end.json"))
	if err != nil {
		return fmt.Errorf("the session_end hook left no record: %w", err)
	}
	var ev runner.Event
	if err := json.Unmarshal(end, &ev); err != nil {
		return err
	}
	say("session_end saw: session_id=%s prompt_id=%s permission_mode=%s agent=%s transcript=%s",
		ev.SessionID, ev.PromptID, ev.PermissionMode, ev.Agent, filepath.Base(ev.TranscriptPath))
	say("hook runs observed: %s", runs)
	return nil
}

// toolCall runs one tool call the way an agent does: pre_tool decides
// (blocked, rewritten or allowed), the tool runs, post_tool reports back.
func toolCall(ctx context.Context, s *runner.Session, call runner.ToolCall, say func(string, ...any)) error {
	pre, err := s.PreTool(ctx, call)
	if err != nil {
		return err
	}
	if pre.Blocked {
		say("%s %s: blocked: %s", call.Tool, call.Args, pre.Reason)
		say("  the model gets %s", runner.ToolError(pre.Reason))
		return nil
	}
	if string(pre.Args) != string(call.Args) {
		say("%s %s: rewritten to %s", call.Tool, call.Args, pre.Args)
	} else {
		say("%s %s: allowed", call.Tool, call.Args)
	}
	result := json.RawMessage(`"ok"`) // the tool's result, as the agent would run it with pre.Args
	post, err := s.PostTool(ctx, runner.ToolCall{ID: call.ID, Tool: call.Tool, Args: pre.Args}, result)
	if err != nil {
		return err
	}
	for _, c := range []string{pre.Context, post.Context} {
		if c != "" {
			say("  context for the model: %s", c)
		}
	}
	if post.Queued {
		say("  post_tool queued for background hooks")
	}
	return nil
}
