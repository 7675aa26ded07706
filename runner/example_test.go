//go:build unix

package runner_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// An engine over native hooks, fired directly: the first blocking hook
// wins (HK-20).
func ExampleNew() {
	cfg, err := settings.Decode("hooks.toml", []byte(`
[[hooks.pre_tool]]
if = "shell(git push *)"
command = "echo 'pushing is reviewed first' >&2; exit 2"
`))
	if err != nil {
		panic(err)
	}
	eng, err := runner.New(cfg, runner.Options{Workspace: os.TempDir()})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())
	out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, Tool: "shell",
		Args: json.RawMessage(`{"command":"git push origin main"}`)})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Decision, out.Reason)
	fmt.Println(string(runner.ToolError(out.Reason)))
	// Output:
	// block pushing is reviewed first
	// {"error":"blocked by pre_tool hook: pushing is reviewed first"}
}

// A session runs the lifecycle: session_start's output waits for the
// first prompt, a stop hook sends the agent back once, and session_end's
// hooks run on the background queue until Close.
func ExampleSession() {
	dir, _ := os.MkdirTemp("", "hookcompat-session-")
	defer os.RemoveAll(dir)
	cfg, err := settings.Decode("hooks.toml", []byte(`
[[hooks.session_start]]
command = "echo 'main is protected'"

[[hooks.stop]]
command = 'grep -q "\"stop_hook_active\":true" || { echo "run the tests" >&2; exit 2; }'

[[hooks.session_end]]
command = "cat > session_end.json"
`))
	if err != nil {
		panic(err)
	}
	eng, err := runner.New(cfg, runner.Options{Workspace: dir})
	if err != nil {
		panic(err)
	}
	s := &runner.Session{Engine: eng, ID: "s1", Base: runner.Event{PermissionMode: "default", Agent: "my-agent"}}
	ctx := context.Background()

	if _, err := s.Start(ctx, "startup"); err != nil {
		panic(err)
	}
	p, err := s.Prompt(ctx, "p1", "fix the bug")
	if err != nil {
		panic(err)
	}
	fmt.Println("prompt context:", p.Context)
	for {
		stop, err := s.Stop(ctx, "done")
		if err != nil {
			panic(err)
		}
		if !stop.Continue {
			break
		}
		fmt.Println("continue with:", stop.Prompt)
	}
	if _, err := s.End(ctx, "exit"); err != nil {
		panic(err)
	}
	if err := eng.Close(ctx); err != nil { // waits for the queued session_end hook
		panic(err)
	}
	data, _ := os.ReadFile(dir + "/session_end.json")
	var end runner.Event
	_ = json.Unmarshal(data, &end)
	fmt.Println("session_end:", end.SessionID, end.PromptID, end.PermissionMode, end.Agent)
	// Output:
	// prompt context: main is protected
	// continue with: run the tests
	// session_end: s1 p1 default my-agent
}

// A Judge answers prompt hooks (HK-63) with a verdict; the hook's
// protocol decides what it means.
func ExampleJudgeFunc() {
	cfg := &settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, Type: settings.TypePrompt,
		Prompt: "Deny commands that delete data: $ARGUMENTS"}}}
	judge := runner.JudgeFunc(func(_ context.Context, req *runner.JudgeRequest) (runner.Verdict, error) {
		// A real judge asks a model with req.Prompt and reads its answer
		// with runner.ParseVerdict.
		if strings.Contains(req.Prompt, "dropdb") {
			return runner.Verdict{Decision: runner.DecisionDeny, Reason: "deletes a database"}, nil
		}
		return runner.Verdict{}, nil
	})
	eng, err := runner.New(cfg, runner.Options{Workspace: os.TempDir(), Judge: judge})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())
	out, _ := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"dropdb prod"}`)})
	fmt.Println(out.Decision, out.Reason)
	// Output:
	// deny deletes a database
}

// metrics counts hook runs by protocol and outcome, as an exporter
// would.
type metrics struct {
	mu     sync.Mutex
	counts map[string]int
}

func (m *metrics) HookStarted(_ context.Context, run runner.HookRun) func(runner.HookEnd) {
	return func(end runner.HookEnd) {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.counts[run.Protocol+" "+string(run.Event.Name)+" "+string(end.Reply.Outcome)]++
	}
}

// An Observer sees every hook run start and end, for metrics or tracing.
func ExampleObserver() {
	cfg, _ := settings.Decode("hooks.toml", []byte(`
[[hooks.prompt_submit]]
command = "exit 0"

[[hooks.prompt_submit]]
command = "exit 1"
`))
	m := &metrics{counts: map[string]int{}}
	eng, err := runner.New(cfg, runner.Options{Workspace: os.TempDir(), Observer: m})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())
	_, _ = eng.Fire(context.Background(), runner.Event{Name: settings.PromptSubmit, Prompt: "hi"})
	fmt.Println(m.counts["native prompt_submit success"], m.counts["native prompt_submit error"])
	// Output:
	// 1 1
}
