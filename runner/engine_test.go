//go:build unix

package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// newEngine decodes cfg as hooks.toml and returns an engine whose
// workspace is a fresh directory, with short kill grace and drain delay.
func newEngine(t *testing.T, cfg string, opts Options) *Engine {
	t.Helper()
	c, err := settings.Decode("hooks.toml", []byte(cfg))
	require.NoError(t, err)
	return newEngineConfig(t, c, opts)
}

func newEngineConfig(t *testing.T, c *settings.Config, opts Options) *Engine {
	t.Helper()
	if opts.Workspace == "" {
		opts.Workspace = t.TempDir()
	}
	if opts.KillGrace == 0 {
		opts.KillGrace = 200 * time.Millisecond
	}
	if opts.DrainDelay == 0 {
		opts.DrainDelay = 200 * time.Millisecond
	}
	e, err := New(c, opts)
	require.NoError(t, err)
	return e
}

// fire calls e.Fire and fails the test if it errs or hangs.
func fire(t *testing.T, e *Engine, ev Event) *Outcome {
	t.Helper()
	return fireCtx(t, context.Background(), e, ev)
}

func fireCtx(t *testing.T, ctx context.Context, e *Engine, ev Event) *Outcome {
	t.Helper()
	type result struct {
		out *Outcome
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := e.Fire(ctx, ev)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		require.NoError(t, r.err)
		require.NotNil(t, r.out)
		return r.out
	case <-time.After(hangBound):
		t.Fatalf("Fire(%s) did not return within %s", ev.Name, hangBound)
		return nil
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func outcomes(o *Outcome) []OutcomeKind {
	var out []OutcomeKind
	for _, tr := range o.Hooks {
		out = append(out, tr.Outcome)
	}
	return out
}

// commands lists what each traced hook ran, in trace order.
func commands(o *Outcome) []string {
	var out []string
	for _, tr := range o.Hooks {
		out = append(out, tr.Command)
	}
	return out
}

func intPtr(i int) *int { return &i }

func preTool(tool, args string) Event {
	return Event{Name: settings.PreTool, SessionID: "sess-1", Tool: tool, Args: json.RawMessage(args)}
}

func TestFireHK10EventOnStdinInWorkspace(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
command = 'cat > stdin.json; pwd -P > pwd.txt'
`, Options{})
	ws := e.Workspace()
	ev := Event{
		Name: settings.PreTool, SessionID: "sess-1", PromptID: "p-7", Agent: "hookcompat",
		Tool: "shell", Args: json.RawMessage(`{ "command" : "ls -l" }`),
	}
	out := fire(t, e, ev)
	require.Equal(t, []OutcomeKind{OutcomeSuccess}, outcomes(out))

	// HK-10, HK-50: every HK-50 field, workspace and cwd defaulted to the
	// engine's workspace, tool and args (compacted), one line.
	want := `{"event":"pre_tool","session_id":"sess-1","workspace":` + jsonString(ws) + `,"cwd":` + jsonString(ws) +
		`,"prompt_id":"p-7","transcript_path":"","permission_mode":"","agent":"hookcompat","tool":"shell","args":{"command":"ls -l"}}` + "\n"
	assert.Equal(t, want, readFile(t, filepath.Join(ws, "stdin.json")))

	// HK-02: the hook runs in the workspace.
	real, err := filepath.EvalSymlinks(ws)
	require.NoError(t, err)
	assert.Equal(t, real+"\n", readFile(t, filepath.Join(ws, "pwd.txt")))
}

func TestFireHK02EnvironmentAndBash(t *testing.T) {
	e := newEngine(t, `
[[hooks.session_start]]
command = 'echo "$BASE_VAR $HOOK_VAR ${BASH_VERSION:+bash}"'
env = { HOOK_VAR = "from-hook" }
`, Options{Env: append(os.Environ(), "BASE_VAR=from-engine", "HOOK_VAR=overridden")})
	out := fire(t, e, Event{Name: settings.SessionStart})
	assert.Equal(t, "from-engine from-hook bash", out.AdditionalContext,
		"the engine's environment reaches the hook, the hook's env overrides it, and the shell is bash")
}

func TestFireNativeOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		event    settings.Event
		hook     string // TOML body of one [[hooks.<event>]] table
		want     Reply
		outcome  OutcomeKind
		exitCode *int
		errText  string // substring of the trace's error
	}{
		{
			name: "HK-20 exit 2 blocks with stderr as reason", event: settings.PreTool,
			hook:    `command = 'echo "  no way  " >&2; exit 2'`,
			want:    Reply{Decision: DecisionBlock, Reason: "no way"},
			outcome: OutcomeBlocking, exitCode: intPtr(2),
		},
		{
			name: "HK-20 exit 2 with empty stderr blocks with the default reason", event: settings.PreTool,
			hook:    `command = 'echo ignored; exit 2'`,
			want:    Reply{Decision: DecisionBlock, Reason: "blocked by hook"},
			outcome: OutcomeBlocking, exitCode: intPtr(2),
		},
		{
			name: "HK-20 JSON block on exit 0", event: settings.PreTool,
			hook:    `command = '''echo '{"decision":"block","reason":"json says no"}' '''`,
			want:    Reply{Decision: DecisionBlock, Reason: "json says no"},
			outcome: OutcomeBlocking, exitCode: intPtr(0),
		},
		{
			name: "HK-20 JSON block without reason gets the default reason", event: settings.PromptSubmit,
			hook:    `command = '''echo '{"decision":"block"}' '''`,
			want:    Reply{Decision: DecisionBlock, Reason: "blocked by hook"},
			outcome: OutcomeBlocking, exitCode: intPtr(0),
		},
		{
			name: "HK-60 JSON deny blocks", event: settings.PreTool,
			hook:    `command = '''echo '{"decision":"deny","reason":"denied"}' '''`,
			want:    Reply{Decision: DecisionDeny, Reason: "denied"},
			outcome: OutcomeBlocking, exitCode: intPtr(0),
		},
		{
			name: "HK-60 JSON ask does not block", event: settings.PreTool,
			hook:    `command = '''echo '{"decision":"ask","reason":"check"}' '''`,
			want:    Reply{Decision: DecisionAsk, Reason: "check"},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
		{
			name: "HK-53 JSON reply fields", event: settings.PreTool,
			hook:    `command = '''echo '{"additional_context":" ctx ","system_message":"note","continue":false,"extra":1}' '''`,
			want:    Reply{AdditionalContext: "ctx", SystemMessage: "note", Continue: boolPtr(false)},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
		{
			name: "HK-21 non-zero exit is ignored", event: settings.PreTool,
			hook:    `command = 'echo oops >&2; echo more >&2; exit 1'`,
			want:    Reply{},
			outcome: OutcomeError, exitCode: intPtr(1), errText: "exited 1: oops",
		},
		{
			name: "HK-21 fail_closed blocks on a non-zero exit", event: settings.PreTool,
			hook: `command = 'echo oops >&2; exit 1'
fail_closed = true`,
			want:    Reply{Decision: DecisionBlock, Reason: "hook echo oops >&2; exit 1 failed and is fail_closed: exited 1: oops"},
			outcome: OutcomeBlocking, exitCode: intPtr(1), errText: "exited 1: oops",
		},
		{
			name: "HK-21 a hook killed by a signal is a failure", event: settings.PreTool,
			hook:    `command = 'kill -TERM $$'`,
			want:    Reply{},
			outcome: OutcomeError, exitCode: nil, errText: "killed by SIGTERM",
		},
		{
			name: "HK-21 invalid JSON reply is a failure", event: settings.PreTool,
			hook:    `command = 'echo "{not json"'`,
			want:    Reply{},
			outcome: OutcomeError, exitCode: intPtr(0), errText: "invalid JSON reply",
		},
		{
			name: "HK-21 unknown decision is a failure", event: settings.PreTool,
			hook:    `command = '''echo '{"decision":"maybe"}' '''`,
			want:    Reply{},
			outcome: OutcomeError, exitCode: intPtr(0), errText: `unknown decision "maybe"`,
		},
		{
			name: "HK-21 fail_closed blocks on an invalid JSON reply", event: settings.PreTool,
			hook: `command = 'echo "{not json"'
fail_closed = true`,
			want:    Reply{Decision: DecisionBlock},
			outcome: OutcomeBlocking, exitCode: intPtr(0), errText: "invalid JSON reply",
		},
		{
			name: "HK-21 spawn failure is a failure not a success", event: settings.PreTool,
			hook:    `args = ["/nonexistent/hookcompat-hook"]`,
			want:    Reply{},
			outcome: OutcomeError, exitCode: nil, errText: "/nonexistent/hookcompat-hook",
		},
		{
			name: "HK-21 fail_closed blocks on a spawn failure", event: settings.PreTool,
			hook: `args = ["/nonexistent/hookcompat-hook"]
fail_closed = true`,
			want:    Reply{Decision: DecisionBlock},
			outcome: OutcomeBlocking, exitCode: nil, errText: "/nonexistent/hookcompat-hook",
		},
		{
			name: "HK-51 plain stdout is context on session_start", event: settings.SessionStart,
			hook:    `command = 'echo "  hello"; echo world'`,
			want:    Reply{AdditionalContext: "hello\nworld"},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
		{
			name: "HK-51 plain stdout is context on prompt_submit", event: settings.PromptSubmit,
			hook:    `command = 'echo hello'`,
			want:    Reply{AdditionalContext: "hello"},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
		{
			name: "HK-51 plain stdout is not context on pre_tool", event: settings.PreTool,
			hook:    `command = 'echo hello'`,
			want:    Reply{},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
		{
			name: "HK-51 plain stdout is not context on stop", event: settings.Stop,
			hook:    `command = 'echo hello'`,
			want:    Reply{},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
		{
			name: "HK-65 args run without a shell", event: settings.SessionStart,
			hook:    `args = ["printf", "%s|", "$HOME", "a;b", "*", "$(id)"]`,
			want:    Reply{AdditionalContext: "$HOME|a;b|*|$(id)|"},
			outcome: OutcomeSuccess, exitCode: intPtr(0),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, fmt.Sprintf("[[hooks.%s]]\n%s\n", tt.event, tt.hook), Options{})
			ev := Event{Name: tt.event, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
			out := fire(t, e, ev)
			require.Len(t, out.Hooks, 1)
			tr := out.Hooks[0]
			if tt.want.Decision == DecisionBlock && tt.want.Reason == "" {
				// fail_closed: the reason names the hook and the failure.
				assert.Equal(t, DecisionBlock, out.Decision)
				assert.True(t, strings.HasPrefix(out.Reason, "hook "+out.Hooks[0].Hook.Label()+" failed and is fail_closed: "), out.Reason)
				assert.Contains(t, out.Reason, tt.errText)
			} else {
				assert.Equal(t, tt.want, out.Reply)
			}
			assert.Equal(t, tt.outcome, tr.Outcome)
			assert.Equal(t, tt.exitCode, tr.ExitCode, "trace exit_code")
			if tt.errText != "" {
				assert.Contains(t, tr.Error, tt.errText)
			} else {
				assert.Empty(t, tr.Error)
			}
			assert.Equal(t, string(out.Decision), tr.Decision)
		})
	}
}

func TestFireHK21Timeout(t *testing.T) {
	for _, failClosed := range []bool{false, true} {
		t.Run(fmt.Sprintf("fail_closed=%v", failClosed), func(t *testing.T) {
			e := newEngine(t, fmt.Sprintf(`
[[hooks.pre_tool]]
command = 'sleep 30'
timeout_seconds = 0.3
fail_closed = %v
`, failClosed), Options{})
			out := fire(t, e, preTool("shell", `{}`))
			require.Len(t, out.Hooks, 1)
			tr := out.Hooks[0]
			assert.Equal(t, "timed out after 300ms", tr.Error)
			assert.Nil(t, tr.ExitCode, "a killed hook has no exit code")
			assert.GreaterOrEqual(t, tr.DurationMS, 300.0)
			if failClosed {
				assert.Equal(t, OutcomeBlocking, tr.Outcome)
				assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "hook sleep 30 failed and is fail_closed: timed out after 300ms"}, out.Reply)
			} else {
				assert.Equal(t, OutcomeTimeout, tr.Outcome)
				assert.Equal(t, Reply{}, out.Reply, "a timeout is ignored (HK-21)")
			}
		})
	}
}

// HK-21 with a hook that ignores SIGTERM: Fire still returns, the hook's
// group is SIGKILLed and nothing of it survives.
func TestFireHK21TimeoutKillsTermIgnoringGroup(t *testing.T) {
	argv, env := fixture(t, "ignore-term", "with-child")
	ws := t.TempDir()
	pidFile := filepath.Join(ws, "pids")
	name, value, _ := strings.Cut(env, "=")
	cfg := &settings.Config{Hooks: []settings.Hook{{
		Event: settings.PreTool, Args: argv, Timeout: time.Second,
		Env: map[string]string{name: value, fixtureEnv + "_PIDFILE": pidFile},
	}}}
	e := newEngineConfig(t, cfg, Options{Workspace: ws})
	out := fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeTimeout, out.Hooks[0].Outcome)
	assert.Equal(t, "KILL", out.Hooks[0].Signal)
	p := pids(t, []byte(readFile(t, pidFile)))
	killOnCleanup(t, p["child"])
	requireGroupGone(t, p["pid"])
	assert.False(t, alive(p["child"]))
}

// PROC (B24): a grandchild holding stdout after the hook exits does not
// hold Fire longer than the drain delay, and the hook's reply counts.
func TestFireGrandchildHoldingStdout(t *testing.T) {
	argv, env := fixture(t, "spawn-grandchild", "30s", "exit", `{"decision":"block","reason":"parent reply"}`)
	ws := t.TempDir()
	pidFile := filepath.Join(ws, "pids")
	name, value, _ := strings.Cut(env, "=")
	cfg := &settings.Config{Hooks: []settings.Hook{{
		Event: settings.PreTool, Args: argv,
		Env: map[string]string{name: value, fixtureEnv + "_PIDFILE": pidFile},
	}}}
	e := newEngineConfig(t, cfg, Options{Workspace: ws})
	start := time.Now()
	out := fire(t, e, preTool("shell", `{}`))
	elapsed := time.Since(start)
	p := pids(t, []byte(readFile(t, pidFile)))
	killOnCleanup(t, p["child"])

	assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "parent reply"}, out.Reply)
	assert.Equal(t, intPtr(0), out.Hooks[0].ExitCode)
	assert.Less(t, elapsed, 5*time.Second, "the grandchild's 30 s sleep must not hold Fire")
}

func TestFireHK60UpdatedArgsFirstWinsAndLaterHooksSeeThem(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
command = '''cat > in1.json; echo '{"updated_args":{"command":"ls -la"}}' '''
[[hooks.pre_tool]]
command = '''cat > in2.json; echo '{"updated_args":{"command":"rm -rf /"}}' '''
[[hooks.pre_tool]]
command = 'cat > in3.json'
`, Options{})
	ws := e.Workspace()
	out := fire(t, e, preTool("shell", `{"command":"ls"}`))
	require.Equal(t, []OutcomeKind{OutcomeSuccess, OutcomeSuccess, OutcomeSuccess}, outcomes(out))

	argsOf := func(file string) string {
		var ev struct{ Args json.RawMessage }
		require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(ws, file))), &ev))
		return string(ev.Args)
	}
	assert.Equal(t, `{"command":"ls"}`, argsOf("in1.json"), "the first hook sees the original args")
	assert.Equal(t, `{"command":"ls -la"}`, argsOf("in2.json"), "later hooks see the first hook's args")
	assert.Equal(t, `{"command":"ls -la"}`, argsOf("in3.json"),
		"a later hook's updated_args do not count (first wins), so the hooks after it see the winning args")
	assert.JSONEq(t, `{"command":"ls -la"}`, string(out.UpdatedArgs), "the first hook's updated_args win")
	assert.JSONEq(t, `{"command":"ls -la"}`, string(out.Event.Args), "the outcome's event carries the final args")
}

func TestFireHK20SerialStopOnFirstBlock(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
command = 'touch ran1'
[[hooks.pre_tool]]
command = 'echo first >&2; exit 2'
[[hooks.pre_tool]]
command = '''touch ran3; echo '{"decision":"block","reason":"second"}' '''
`, Options{})
	out := fire(t, e, preTool("shell", `{}`))
	assert.Equal(t, []OutcomeKind{OutcomeSuccess, OutcomeBlocking, OutcomeSkipped}, outcomes(out))
	assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "first"}, out.Reply)
	assert.FileExists(t, filepath.Join(e.Workspace(), "ran1"))
	assert.NoFileExists(t, filepath.Join(e.Workspace(), "ran3"), "hooks after a block do not run")
	assert.Nil(t, out.Hooks[2].ExitCode)
}

func TestFireHK22TracesInConfigOrder(t *testing.T) {
	e := newEngine(t, `# comment line
[[hooks.pre_tool]]
command = 'exit 0'

[[hooks.session_start]]
command = 'exit 9'

[[hooks.pre_tool]]
  args = ["true"]

[[hooks.pre_tool]]
command = 'exit 3'
`, Options{})
	out := fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 3)
	want := []Trace{
		{Source: "hooks.toml:2:1", Protocol: "native", Command: "exit 0", Outcome: OutcomeSuccess, ExitCode: intPtr(0)},
		{Source: "hooks.toml:8:1", Protocol: "native", Command: `["true"]`, Outcome: OutcomeSuccess, ExitCode: intPtr(0)},
		{Source: "hooks.toml:11:1", Protocol: "native", Command: "exit 3", Outcome: OutcomeError, ExitCode: intPtr(3), Error: "exited 3"},
	}
	got := make([]Trace, len(out.Hooks))
	for i := range out.Hooks {
		assert.Positive(t, out.Hooks[i].DurationMS)
		got[i] = out.Hooks[i]
		got[i].DurationMS, got[i].Hook, got[i].Reply = 0, nil, HookReply{}
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "exit 3", out.Hooks[2].Hook.Command, "each trace carries its hook")
	assert.Equal(t, OutcomeError, out.Hooks[2].Reply.Outcome, "and its own reply")

	// The Outcome's JSON form is the trace contract.
	b, err := json.Marshal(got[2])
	require.NoError(t, err)
	assert.Equal(t, `{"source":"hooks.toml:11:1","protocol":"native","command":"exit 3","outcome":"error","exit_code":3,"duration_ms":0,"error":"exited 3"}`, string(b))
}

func TestFireHK22AuditRecords(t *testing.T) {
	h := &recordHandler{}
	e := newEngine(t, `
[[hooks.pre_tool]]
command = 'exit 0'
[[hooks.pre_tool]]
command = 'exit 4'
`, Options{Logger: slog.New(h)})
	fire(t, e, preTool("shell", `{}`))
	recs := h.all()
	require.Len(t, recs, 2)
	assert.Equal(t, "hook pre_tool", recs[0].Message)
	assert.Equal(t, slog.LevelInfo, recs[0].Level)
	assert.Equal(t, "exit 0", recs[0].attrs["command"])
	assert.Equal(t, string(OutcomeSuccess), recs[0].attrs["outcome"])
	assert.Equal(t, slog.LevelWarn, recs[1].Level, "a failing hook is warned (HK-21)")
	assert.Equal(t, string(OutcomeError), recs[1].attrs["outcome"])
	assert.Equal(t, int64(4), recs[1].attrs["exit_code"])
	assert.Equal(t, "exited 4", recs[1].attrs["error"])
	assert.Equal(t, "hooks.toml:4:1", recs[1].attrs["source"])
}

type record struct {
	slog.Record
	attrs map[string]any
}

type recordHandler struct {
	mu   sync.Mutex
	recs []record
}

func (h *recordHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *recordHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *recordHandler) WithGroup(string) slog.Handler            { return h }
func (h *recordHandler) Handle(_ context.Context, r slog.Record) error {
	rec := record{Record: r, attrs: map[string]any{}}
	r.Attrs(func(a slog.Attr) bool { rec.attrs[a.Key] = a.Value.Any(); return true })
	h.mu.Lock()
	h.recs = append(h.recs, rec)
	h.mu.Unlock()
	return nil
}

func (h *recordHandler) all() []record {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]record(nil), h.recs...)
}

func TestFireHK01GlobMatch(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
match = "web_*"
command = 'echo web'
[[hooks.pre_tool]]
command = 'echo all'
[[hooks.pre_tool]]
match = "shell"
command = 'echo shell'
[[hooks.pre_tool]]
match = "Web_fetch"
command = 'echo case'
[[hooks.pre_tool]]
match = "web_?etch"
command = 'echo question'
[[hooks.prompt_submit]]
match = "shell"
command = 'echo prompt'
`, Options{})
	assert.Equal(t, []string{"echo web", "echo all", "echo question"}, commands(fire(t, e, preTool("web_fetch", `{}`))),
		"path.Match glob, case-sensitive, empty matches all")
	assert.Equal(t, []string{"echo all", "echo shell"}, commands(fire(t, e, preTool("shell", `{}`))))
	assert.Equal(t, []string{"echo prompt"}, commands(fire(t, e, Event{Name: settings.PromptSubmit, Prompt: "hi"})),
		"match is ignored on prompt_submit")
	assert.Empty(t, fire(t, e, Event{Name: settings.Stop}).Hooks, "no hooks for an event without hooks")
}

func TestFireHK01InvalidConfigIsAStartupError(t *testing.T) {
	for name, h := range map[string]settings.Hook{
		"HK-01 invalid glob":   {Event: settings.PreTool, Match: "[", Command: "true"},
		"HK-01 empty command":  {Event: settings.PreTool, Command: "  "},
		"HK-64 bad if rule":    {Event: settings.PreTool, Command: "true", If: "shell(git"},
		"HK-65 command + args": {Event: settings.PreTool, Command: "true", Args: []string{"true"}},
		"unknown protocol":     {Event: settings.PreTool, Command: "true", Protocol: "martian"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := New(&settings.Config{Hooks: []settings.Hook{h}}, Options{Workspace: t.TempDir()})
			assert.Error(t, err)
		})
	}
}

func TestFireHK64IfRules(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
if = "shell(git push *)"
command = 'echo push-guard'
[[hooks.pre_tool]]
if = "write(src/**)"
command = 'echo src-guard'
[[hooks.prompt_submit]]
if = "shell(git push *)"
command = 'echo never'
`, Options{})
	assert.Equal(t, []string{"echo push-guard"}, commands(fire(t, e, preTool("shell", `{"command":"git status && git push origin"}`))))
	assert.Empty(t, commands(fire(t, e, preTool("shell", `{"command":"git status"}`))))
	assert.Equal(t, []string{"echo src-guard"}, commands(fire(t, e, preTool("write", `{"path":"src/main.go"}`))),
		"a relative path is resolved against the event's cwd (the workspace)")
	assert.Empty(t, commands(fire(t, e, preTool("write", `{"path":"docs/x.md"}`))))
	assert.Empty(t, commands(fire(t, e, Event{Name: settings.PromptSubmit, Prompt: "git push"})),
		"a hook with an if rule never runs on an event without a tool call")
}

// httpHook is a test server for http hooks: it records each request and
// answers with status and body.
type httpHook struct {
	*httptest.Server
	mu     sync.Mutex
	reqs   []*http.Request
	bodies []string
	status int
	body   string
	wait   bool // wait for the request's context to end
}

func newHTTPHook(t *testing.T, status int, body string) *httpHook {
	h := &httpHook{status: status, body: body}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.reqs = append(h.reqs, r)
		h.bodies = append(h.bodies, string(b))
		wait := h.wait
		h.mu.Unlock()
		if wait {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		w.WriteHeader(h.status)
		_, _ = io.WriteString(w, h.body)
	}))
	t.Cleanup(h.Close)
	return h
}

// requests returns the requests received so far and their bodies.
func (h *httpHook) requests() ([]*http.Request, []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]*http.Request(nil), h.reqs...), append([]string(nil), h.bodies...)
}

func (h *httpHook) setWait() {
	h.mu.Lock()
	h.wait = true
	h.mu.Unlock()
}

func TestFireHK62HTTPHooks(t *testing.T) {
	t.Run("HK-62 event is POSTed as JSON and a 2xx body is read like stdout", func(t *testing.T) {
		srv := newHTTPHook(t, http.StatusOK, `{"decision":"block","reason":"http says no"}`)
		e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{
			{Event: settings.PreTool, Type: "http", URL: srv.URL + "/hook"},
		}}, Options{})
		ev := preTool("shell", `{"command":"rm -rf /"}`)
		out := fire(t, e, ev)
		assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "http says no"}, out.Reply)
		assert.Equal(t, intPtr(http.StatusOK), out.Hooks[0].ExitCode, "http hooks trace their status")
		reqs, bodies := srv.requests()
		require.Len(t, reqs, 1)
		r := reqs[0]
		assert.Equal(t, http.MethodPost, r.Method)
		assert.Equal(t, "/hook", r.URL.Path)
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		ev.Workspace, ev.Cwd = e.Workspace(), e.Workspace()
		want, err := json.Marshal(ev)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), bodies[0])
	})
	t.Run("HK-62 headers expand only allowed_env_vars", func(t *testing.T) {
		srv := newHTTPHook(t, http.StatusNoContent, "")
		e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{{
			Event: settings.PreTool, Type: "http", URL: srv.URL,
			Headers: map[string]string{
				"Authorization": "Bearer $TOKEN",
				"X-Braced":      "${TOKEN}-x",
				"X-Secret":      "$SECRET",
				"X-Braced-Sec":  "${SECRET}",
				"X-Plain":       "plain value",
			},
			AllowedEnvVars: []string{"TOKEN"},
		}}}, Options{Env: []string{"TOKEN=tok123", "SECRET=hunter2", "PATH=" + os.Getenv("PATH")}})
		out := fire(t, e, preTool("shell", `{}`))
		require.Equal(t, []OutcomeKind{OutcomeSuccess}, outcomes(out))
		reqs, _ := srv.requests()
		require.Len(t, reqs, 1)
		hdr := reqs[0].Header
		assert.Equal(t, "Bearer tok123", hdr.Get("Authorization"))
		assert.Equal(t, "tok123-x", hdr.Get("X-Braced"))
		assert.Equal(t, "$SECRET", hdr.Get("X-Secret"), "names outside allowed_env_vars stay as written")
		assert.Equal(t, "${SECRET}", hdr.Get("X-Braced-Sec"))
		assert.Equal(t, "plain value", hdr.Get("X-Plain"))
	})
	for _, failClosed := range []bool{false, true} {
		t.Run(fmt.Sprintf("HK-62 non-2xx is a failure fail_closed=%v", failClosed), func(t *testing.T) {
			srv := newHTTPHook(t, http.StatusServiceUnavailable, `{"decision":"allow"}`)
			e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{
				{Event: settings.PreTool, Type: "http", URL: srv.URL, FailClosed: failClosed},
			}}, Options{})
			out := fire(t, e, preTool("shell", `{}`))
			tr := out.Hooks[0]
			assert.Equal(t, "http status 503", tr.Error)
			assert.Equal(t, intPtr(503), tr.ExitCode)
			if failClosed {
				assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "hook " + srv.URL + " failed and is fail_closed: http status 503"}, out.Reply)
			} else {
				assert.Equal(t, OutcomeError, tr.Outcome)
				assert.Equal(t, Reply{}, out.Reply, "the body of a non-2xx answer is not a reply")
			}
		})
	}
	t.Run("HK-62 network error is a failure", func(t *testing.T) {
		srv := newHTTPHook(t, http.StatusOK, `{}`)
		url := srv.URL
		srv.Close()
		e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{
			{Event: settings.PreTool, Type: "http", URL: url, FailClosed: true},
		}}, Options{})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
		assert.Nil(t, out.Hooks[0].ExitCode)
		assert.True(t, strings.HasPrefix(out.Reason, "hook "+url+" failed and is fail_closed: "), out.Reason)
	})
	t.Run("HK-62 redirect is not followed and is a failure", func(t *testing.T) {
		target := newHTTPHook(t, http.StatusOK, `{"decision":"allow"}`)
		redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target.URL, http.StatusFound)
		}))
		t.Cleanup(redirect.Close)
		e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{{
			Event: settings.PreTool, Type: "http", URL: redirect.URL, FailClosed: true,
			Headers: map[string]string{"Authorization": "Bearer secret"},
		}}}, Options{})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, "http status 302", out.Hooks[0].Error)
		assert.Equal(t, DecisionBlock, out.Reply.Decision, "fail_closed")
		reqs, _ := target.requests()
		assert.Empty(t, reqs, "neither the event nor the hook's headers go to the redirect target")
	})
	t.Run("HK-62 body cut short is a failure", func(t *testing.T) {
		short := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "100")
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte(`{"decision":"allow"}`))
		}))
		t.Cleanup(short.Close)
		e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{
			{Event: settings.PreTool, Type: "http", URL: short.URL, FailClosed: true},
		}}, Options{})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
		assert.Contains(t, out.Reason, "unexpected EOF")
	})
	t.Run("HK-62 timeout", func(t *testing.T) {
		srv := newHTTPHook(t, http.StatusOK, `{}`)
		srv.setWait()
		e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{
			{Event: settings.PreTool, Type: "http", URL: srv.URL, Timeout: 300 * time.Millisecond},
		}}, Options{})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeTimeout, out.Hooks[0].Outcome)
		assert.Equal(t, Reply{}, out.Reply)
	})
}

// fakeJudge answers prompt hooks for HK-63 tests.
type fakeJudge struct {
	answer string
	err    error
	wait   bool

	mu       sync.Mutex
	hooks    []string
	events   []Event
	requests []*JudgeRequest
}

func (j *fakeJudge) Judge(ctx context.Context, req *JudgeRequest) (Verdict, error) {
	j.mu.Lock()
	j.hooks = append(j.hooks, req.Hook.Prompt)
	j.events = append(j.events, req.Event.Clone())
	j.requests = append(j.requests, req)
	j.mu.Unlock()
	if j.wait {
		<-ctx.Done()
		return Verdict{}, ctx.Err()
	}
	if j.err != nil {
		return Verdict{}, j.err
	}
	return ParseVerdict([]byte(j.answer))
}

func TestFireHK63PromptHooks(t *testing.T) {
	promptHook := func(failClosed bool) *settings.Config {
		return &settings.Config{Hooks: []settings.Hook{
			{Event: settings.PreTool, Type: "prompt", Prompt: "is it safe?", FailClosed: failClosed, Timeout: 300 * time.Millisecond},
		}}
	}
	t.Run("HK-63 without a judge the hook is not runnable", func(t *testing.T) {
		e := newEngineConfig(t, promptHook(false), Options{})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeNotRunnable, out.Hooks[0].Outcome)
		assert.Equal(t, "no judge configured for prompt hooks", out.Hooks[0].Error)
		assert.Equal(t, Reply{}, out.Reply)
	})
	t.Run("HK-63 without a judge a fail_closed hook blocks", func(t *testing.T) {
		e := newEngineConfig(t, promptHook(true), Options{})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, Reply{Decision: DecisionBlock,
			Reason: "hook prompt: is it safe? failed and is fail_closed: no judge configured for prompt hooks"}, out.Reply)
	})
	t.Run("HK-63 the judge's answer is a reply", func(t *testing.T) {
		j := &fakeJudge{answer: `{"decision":"block","reason":"judge says no"}`}
		e := newEngineConfig(t, promptHook(false), Options{Judge: j})
		out := fire(t, e, preTool("shell", `{"command":"rm -rf /"}`))
		assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "judge says no"}, out.Reply)
		require.Len(t, j.events, 1)
		assert.Equal(t, []string{"is it safe?"}, j.hooks)
		assert.Equal(t, "shell", j.events[0].Tool)
		assert.JSONEq(t, `{"command":"rm -rf /"}`, string(j.events[0].Args))
		req := j.requests[0]
		assert.Equal(t, "native", req.Protocol)
		assert.Contains(t, string(req.Arguments), `"event":"pre_tool"`, "a native hook's arguments are its event JSON")
		assert.Equal(t, "is it safe?\n\nARGUMENTS: "+string(req.Arguments), req.Prompt, "without $ARGUMENTS the event is appended")
	})
	t.Run("HK-63 the verdict's context and system message reach the reply", func(t *testing.T) {
		j := JudgeFunc(func(context.Context, *JudgeRequest) (Verdict, error) {
			return Verdict{Decision: DecisionAllow, Context: "checked", SystemMessage: "judged"}, nil
		})
		e := newEngineConfig(t, promptHook(false), Options{Judge: j})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, Reply{Decision: DecisionAllow, AdditionalContext: "checked", SystemMessage: "judged"}, out.Reply)
	})
	t.Run("HK-63 an unknown decision is a failure", func(t *testing.T) {
		j := JudgeFunc(func(context.Context, *JudgeRequest) (Verdict, error) { return Verdict{Decision: "maybe"}, nil })
		e := newEngineConfig(t, promptHook(false), Options{Judge: j})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeError, out.Hooks[0].Outcome)
		assert.Contains(t, out.Hooks[0].Error, `unknown decision "maybe"`)
	})
	t.Run("HK-63 an empty decision means the criteria do not apply", func(t *testing.T) {
		e := newEngineConfig(t, promptHook(true), Options{Judge: &fakeJudge{answer: `{"decision": ""}`}})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeSuccess, out.Hooks[0].Outcome)
		assert.Equal(t, Reply{}, out.Reply)
	})
	t.Run("HK-63 a judge error is a failure", func(t *testing.T) {
		e := newEngineConfig(t, promptHook(false), Options{Judge: &fakeJudge{err: errors.New("model unavailable")}})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeError, out.Hooks[0].Outcome)
		assert.Contains(t, out.Hooks[0].Error, "model unavailable")
		assert.Equal(t, Reply{}, out.Reply)
	})
	t.Run("HK-63 an answer that is not JSON is a failure", func(t *testing.T) {
		e := newEngineConfig(t, promptHook(true), Options{Judge: &fakeJudge{answer: `yes, block it`}})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
		assert.Contains(t, out.Reason, "failed and is fail_closed")
	})
	t.Run("HK-63 the hook's timeout bounds the judge", func(t *testing.T) {
		e := newEngineConfig(t, promptHook(false), Options{Judge: &fakeJudge{wait: true}})
		out := fire(t, e, preTool("shell", `{}`))
		assert.Equal(t, OutcomeTimeout, out.Hooks[0].Outcome)
	})
}

func TestFireUnknownEvent(t *testing.T) {
	e := newEngine(t, "", Options{})
	out, err := e.Fire(context.Background(), Event{Name: "bogus_event"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown event "bogus_event"`)
	var ue *settings.UnknownEventError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, settings.Event("bogus_event"), ue.Event)
	assert.Nil(t, out)
	assert.ErrorAs(t, e.Enqueue(Event{Name: "bogus_event"}), &ue)
	_, err = e.Dispatch(context.Background(), Event{Name: "bogus_event"})
	assert.ErrorAs(t, err, &ue)
}

func TestFireCancelledContext(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
command = 'sleep 30'
fail_closed = true
`, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(200*time.Millisecond, cancel)
	defer timer.Stop()
	out, err := e.Fire(ctx, preTool("shell", `{}`))
	require.ErrorIs(t, err, context.Canceled, "a cancelled Fire is an error wrapping ctx.Err()")
	require.NotNil(t, out, "with the outcome")
	assert.Equal(t, OutcomeCancelled, out.Hooks[0].Outcome)
	assert.Equal(t, DecisionBlock, out.Decision, "cancellation is never an allow: the fail_closed hook did not answer")
}

func TestEngineReplace(t *testing.T) {
	e := newEngine(t, `
[[hooks.session_start]]
command = 'echo old'
`, Options{})
	bad := []*settings.Config{
		{Hooks: []settings.Hook{{Event: settings.SessionStart, Command: ""}}},
		{Hooks: []settings.Hook{{Event: settings.SessionStart, Command: "echo x", Protocol: "martian"}}},
		{Hooks: []settings.Hook{{Event: settings.PreTool, Command: "echo x", If: "shell("}}},
	}
	for _, cfg := range bad {
		require.Error(t, e.Replace(cfg))
		hooks := e.Hooks()
		require.Len(t, hooks, 1, "Replace keeps the old hooks on an invalid config")
		assert.Equal(t, "echo old", hooks[0].Command)
		assert.Equal(t, "old", fire(t, e, Event{Name: settings.SessionStart}).AdditionalContext)
	}

	require.NoError(t, e.Replace(&settings.Config{Hooks: []settings.Hook{{Event: settings.SessionStart, Command: "echo new"}}}))
	assert.Equal(t, "new", fire(t, e, Event{Name: settings.SessionStart}).AdditionalContext)

	require.NoError(t, e.Replace(nil))
	assert.Empty(t, e.Hooks())
	assert.Empty(t, fire(t, e, Event{Name: settings.SessionStart}).Hooks)
}

func TestEngineHooksIsACopy(t *testing.T) {
	e := newEngine(t, `
[[hooks.session_start]]
command = 'echo a'
`, Options{})
	hs := e.Hooks()
	hs[0].Command = "echo changed"
	assert.Equal(t, "echo a", e.Hooks()[0].Command)
}
