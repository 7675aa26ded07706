//go:build unix

package runner

import (
	"context"
	"encoding/json"
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

// recorder is an Observer that keeps every run's start and end.
type recorder struct {
	mu   sync.Mutex
	runs []observed
}

type observed struct {
	event    settings.Event
	hook     string
	protocol string
	end      *HookEnd
}

func (r *recorder) HookStarted(_ context.Context, run HookRun) func(HookEnd) {
	r.mu.Lock()
	r.runs = append(r.runs, observed{event: run.Event.Name, hook: run.Hook.Label(), protocol: run.Protocol})
	i := len(r.runs) - 1
	r.mu.Unlock()
	return func(end HookEnd) {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.runs[i].end != nil {
			panic("ended twice")
		}
		r.runs[i].end = &end
	}
}

func (r *recorder) all() []observed {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]observed(nil), r.runs...)
}

// TestObserverSeesEveryRun: the observer is told when each hook run
// starts and how it ended (event, hook, protocol, duration, outcome, exit
// code); a hook skipped after a block is not a run.
func TestObserverSeesEveryRun(t *testing.T) {
	rec := &recorder{}
	e := newEngine(t, `
[[hooks.pre_tool]]
command = "sleep 0.05"

[[hooks.pre_tool]]
command = "echo no >&2; exit 2"

[[hooks.pre_tool]]
command = "echo never"
`, Options{Observer: rec})
	out := fire(t, e, preTool("shell", `{}`))
	require.Equal(t, DecisionBlock, out.Decision)
	runs := rec.all()
	require.Len(t, runs, 2, "the skipped third hook is not observed")
	for _, r := range runs {
		assert.Equal(t, settings.PreTool, r.event)
		assert.Equal(t, "native", r.protocol)
		require.NotNil(t, r.end, "every started run ends")
	}
	assert.Equal(t, "sleep 0.05", runs[0].hook)
	assert.Equal(t, OutcomeSuccess, runs[0].end.Reply.Outcome)
	assert.GreaterOrEqual(t, runs[0].end.Duration, 50*time.Millisecond)
	require.NotNil(t, runs[0].end.ExitCode)
	assert.Equal(t, 0, *runs[0].end.ExitCode)
	assert.Equal(t, OutcomeBlocking, runs[1].end.Reply.Outcome)
	assert.Equal(t, DecisionBlock, runs[1].end.Reply.Decision)
	assert.Equal(t, 2, *runs[1].end.ExitCode)
}

// TestMaxTimeoutCapsEveryHook: a hook whose own timeout is longer than
// Options.MaxTimeout is stopped at MaxTimeout, and says so; judged hooks
// are capped too.
func TestMaxTimeoutCapsEveryHook(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
command = "sleep 10"
timeout_seconds = 600
fail_closed = true
`, Options{MaxTimeout: 300 * time.Millisecond})
	start := time.Now()
	out := fire(t, e, preTool("shell", `{}`))
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
	assert.Contains(t, out.Reason, "timed out after 300ms")
	assert.Equal(t, 600*time.Second, out.Hooks[0].Hook.Timeout, "the trace keeps the hook as configured")

	wait := JudgeFunc(func(ctx context.Context, _ *JudgeRequest) (Verdict, error) {
		<-ctx.Done()
		return Verdict{}, ctx.Err()
	})
	j := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, Type: settings.TypePrompt, Prompt: "p", Timeout: time.Hour}}},
		Options{Judge: wait, MaxTimeout: 100 * time.Millisecond})
	out = fire(t, j, preTool("shell", `{}`))
	assert.Equal(t, OutcomeTimeout, out.Hooks[0].Outcome)
}

// TestMCPToolHooks: an mcp_tool hook calls the engine's MCP caller with
// its input's ${path} lookups filled from the event as its protocol
// encodes it; the result's text is read like a command's stdout, an error
// result is a failure, and without a caller the hook is not runnable.
func TestMCPToolHooks(t *testing.T) {
	cfg := &settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, Type: settings.TypeMCPTool,
		MCPServer: "guard", MCPTool: "check", MCPInput: json.RawMessage(`{"path":"${args.path}","tool":"${tool}","n":[1,"${missing}"]}`)}}}
	var got *MCPCall
	caller := MCPCallerFunc(func(_ context.Context, call *MCPCall) (MCPResult, error) {
		got = call
		if strings.Contains(string(call.Input), ".env") {
			return MCPResult{Text: `{"decision":"block","reason":"secrets"}`}, nil
		}
		return MCPResult{Text: "server down", IsError: true}, nil
	})
	e := newEngineConfig(t, cfg, Options{MCP: caller})
	out := fire(t, e, preTool("read", `{"path":"/w/.env"}`))
	require.NotNil(t, got)
	assert.Equal(t, "guard", got.Server)
	assert.Equal(t, "check", got.Tool)
	assert.JSONEq(t, `{"path":"/w/.env","tool":"read","n":[1,""]}`, string(got.Input))
	assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "secrets"}, out.Reply)

	out = fire(t, e, preTool("read", `{"path":"/w/main.go"}`))
	assert.Equal(t, OutcomeError, out.Hooks[0].Outcome)
	assert.Contains(t, out.Hooks[0].Error, "server down")

	plain := newEngineConfig(t, cfg, Options{})
	out = fire(t, plain, preTool("read", `{"path":"/w/.env"}`))
	assert.Equal(t, OutcomeNotRunnable, out.Hooks[0].Outcome)
}

// awaitingProtocol is the native protocol under another name, awaiting
// every event (as Claude Code awaits its PostToolUse hooks).
type awaitingProtocol struct{ Protocol }

func (awaitingProtocol) Name() string               { return "awaiting-test" }
func (awaitingProtocol) Awaits(settings.Event) bool { return true }

func init() { settings.RegisterProtocol("awaiting-test") }

// TestDispatchAwaitsPerProtocol: with a native post_tool hook (queued,
// HK-30) and one of a protocol that awaits post_tool, Dispatch runs the
// awaited hook now and queues the event for the native one.
func TestDispatchAwaitsPerProtocol(t *testing.T) {
	var mu sync.Mutex
	var background []*Outcome
	cfg := &settings.Config{Hooks: []settings.Hook{
		{Event: settings.PostTool, Command: "echo native"},
		{Event: settings.PostTool, Protocol: "awaiting-test", Command: `echo '{"additional_context":"now"}'`},
	}}
	e := newEngineConfig(t, cfg, Options{Protocols: []Protocol{awaitingProtocol{Native()}}, OnBackground: func(o *Outcome) {
		mu.Lock()
		background = append(background, o)
		mu.Unlock()
	}})
	out, err := e.Dispatch(context.Background(), Event{Name: settings.PostTool, Tool: "shell", Args: json.RawMessage(`{}`)})
	require.NoError(t, err)
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, "awaiting-test", out.Hooks[0].Protocol)
	assert.Equal(t, "now", out.AdditionalContext)
	assert.True(t, out.Queued)
	require.NoError(t, e.Close(context.Background()))
	require.Len(t, background, 1)
	require.Len(t, background[0].Hooks, 1)
	assert.Equal(t, "echo native", background[0].Hooks[0].Command)

	only := newEngineConfig(t, &settings.Config{Hooks: cfg.Hooks[:1]}, Options{})
	out, err = only.Dispatch(context.Background(), Event{Name: settings.PostTool, Tool: "shell"})
	require.NoError(t, err)
	assert.Empty(t, out.Hooks, "nothing awaited: everything queued")
	assert.True(t, out.Queued)
	require.NoError(t, only.Close(context.Background()))
	_, err = only.Dispatch(context.Background(), Event{Name: settings.PostTool})
	assert.ErrorIs(t, err, ErrClosed)
}

// TestZeroValuesDoNotPanic: a zero Session, a nil *Session and an engine
// without a config return errors or work, never panic.
func TestZeroValuesDoNotPanic(t *testing.T) {
	ctx := context.Background()
	for _, s := range []*Session{{}, nil} {
		_, err := s.Start(ctx, "startup")
		assert.ErrorIs(t, err, ErrNoEngine)
		_, err = s.Prompt(ctx, "p", "hi")
		assert.ErrorIs(t, err, ErrNoEngine)
		_, err = s.PreTool(ctx, ToolCall{Tool: "shell"})
		assert.ErrorIs(t, err, ErrNoEngine)
		_, err = s.PostTool(ctx, ToolCall{Tool: "shell"}, nil)
		assert.ErrorIs(t, err, ErrNoEngine)
		_, err = s.Stop(ctx, "")
		assert.ErrorIs(t, err, ErrNoEngine)
		_, err = s.End(ctx, "exit")
		assert.ErrorIs(t, err, ErrNoEngine)
		assert.Equal(t, settings.Stop, s.Event(settings.Stop).Name)
	}
	e, err := New(nil, Options{Workspace: t.TempDir()})
	require.NoError(t, err)
	out, err := e.Fire(ctx, Event{Name: settings.Stop})
	require.NoError(t, err)
	assert.Empty(t, out.Hooks)
	require.NoError(t, e.Close(ctx))
}

// TestSessionEventsCarryTheSessionsFields (HK-50): every event of a
// session, session_end included, carries session_id, prompt_id,
// transcript_path, permission_mode and agent.
func TestSessionEventsCarryTheSessionsFields(t *testing.T) {
	dir := t.TempDir()
	cfg := &settings.Config{}
	for _, ev := range []settings.Event{settings.SessionStart, settings.PromptSubmit, settings.PreTool, settings.PostTool,
		settings.PostToolFailure, settings.PermissionRequest, settings.SubagentStart, settings.SubagentStop, settings.Stop,
		settings.PreCompact, settings.PostCompact, settings.Notification, settings.SessionEnd} {
		cfg.Hooks = append(cfg.Hooks, settings.Hook{Event: ev, Command: "cat > " + string(ev) + ".json"})
	}
	e := newEngineConfig(t, cfg, Options{Workspace: dir})
	s := &Session{Engine: e, ID: "s-9", Base: Event{TranscriptPath: "/t/s-9.jsonl", PermissionMode: "default", Agent: "example"}}
	ctx := context.Background()
	call := ToolCall{ID: "c1", Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	_, err := s.Start(ctx, "startup")
	require.NoError(t, err)
	_, err = s.Prompt(ctx, "p-1", "hi")
	require.NoError(t, err)
	_, err = s.PreTool(ctx, call)
	require.NoError(t, err)
	_, err = s.PermissionRequest(ctx, call)
	require.NoError(t, err)
	_, err = s.PostTool(ctx, call, json.RawMessage(`"ok"`))
	require.NoError(t, err)
	_, err = s.PostToolFailure(ctx, call, "boom")
	require.NoError(t, err)
	_, err = s.SubagentStart(ctx, "Explore", "look")
	require.NoError(t, err)
	_, err = s.SubagentStop(ctx, "Explore", "found")
	require.NoError(t, err)
	_, err = s.Stop(ctx, "done")
	require.NoError(t, err)
	_, err = s.PreCompact(ctx, "manual", "")
	require.NoError(t, err)
	_, err = s.PostCompact(ctx, "manual")
	require.NoError(t, err)
	_, err = s.Notify(ctx, "turn_finished", "done")
	require.NoError(t, err)
	s.Update(func(b *Event) { b.PermissionMode = "plan" })
	_, err = s.End(ctx, "exit")
	require.NoError(t, err)
	require.NoError(t, e.Close(ctx))
	for _, h := range cfg.Hooks {
		data, err := os.ReadFile(filepath.Join(dir, string(h.Event)+".json"))
		require.NoError(t, err, "%s fired", h.Event)
		var ev Event
		require.NoError(t, json.Unmarshal(data, &ev), "%s", data)
		assert.Equal(t, "s-9", ev.SessionID, "%s", h.Event)
		assert.Equal(t, "/t/s-9.jsonl", ev.TranscriptPath, "%s", h.Event)
		assert.Equal(t, "example", ev.Agent, "%s", h.Event)
		assert.Equal(t, dir, ev.Workspace, "%s", h.Event)
		if h.Event != settings.SessionStart {
			assert.Equal(t, "p-1", ev.PromptID, "%s", h.Event)
		}
		want := "default"
		if h.Event == settings.SessionEnd {
			want = "plan"
		}
		assert.Equal(t, want, ev.PermissionMode, "%s", h.Event)
	}
}

// TestSessionPreToolResult: a rewrite reaches the result's Args, a block
// sets Blocked with the reason.
func TestSessionPreToolResult(t *testing.T) {
	e := newEngine(t, `
[[hooks.pre_tool]]
if = "shell(rm *)"
command = "echo 'no rm' >&2; exit 2"

[[hooks.pre_tool]]
if = "shell(ls*)"
command = 'echo "{\"updated_args\":{\"command\":\"ls -la\"}}"'
`, Options{})
	s := &Session{Engine: e, ID: "s"}
	ctx := context.Background()
	r, err := s.PreTool(ctx, ToolCall{Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf x"}`)})
	require.NoError(t, err)
	assert.True(t, r.Blocked)
	assert.Equal(t, "no rm", r.Reason)
	r, err = s.PreTool(ctx, ToolCall{Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)})
	require.NoError(t, err)
	assert.False(t, r.Blocked)
	assert.JSONEq(t, `{"command":"ls -la"}`, string(r.Args))
	r, err = s.PreTool(ctx, ToolCall{Tool: "shell", Args: json.RawMessage(`{"command":"pwd"}`)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"command":"pwd"}`, string(r.Args))
}
