package codex

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// modelEngine is an engine with Codex hooks (and a native one) of the
// given events and commands.
func modelEngine(t *testing.T, hooks ...settings.Hook) *runner.Engine {
	t.Helper()
	for i := range hooks {
		if hooks[i].Protocol == "" {
			hooks[i].Protocol = Name
		}
		if hooks[i].Timeout == 0 {
			hooks[i].Timeout = 10 * time.Second
		}
		hooks[i].Source = settings.Source{File: "/h/hooks.json", Ordinal: i + 1}
	}
	eng, err := runner.New(&settings.Config{Hooks: hooks}, runner.Options{Workspace: t.TempDir(), Protocols: []runner.Protocol{NewProtocol(nil)}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = eng.Close(context.Background()) })
	return eng
}

func modelView(out *runner.Outcome) []format.ModelText {
	f, _ := format.Lookup(Name)
	return f.(format.ModelViewer).ModelView(out, nil)
}

// TestCodexModelView: the model view has every text Codex sends for its
// own hooks — a blocked call's output item (as recorded, hc a/b), each
// hook's developer context where it lands, a PostToolUse block's
// replacement of the output, the Stop hook prompt — and no text for a
// block that came from a hook of another protocol.
func TestCodexModelView(t *testing.T) {
	ctx := context.Background()
	call := runner.Event{Name: settings.PreTool, SessionID: "s", Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf /"}`), ToolCallID: "call_1"}

	eng := modelEngine(t,
		settings.Hook{Event: settings.PreTool, Command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"careful"}}'`},
		settings.Hook{Event: settings.PreTool, Command: "echo 'no rm' >&2; exit 2"})
	out, err := eng.Fire(ctx, call)
	require.NoError(t, err)
	got := modelView(out)
	require.Len(t, got, 2, "%+v", got)
	assert.Equal(t, format.ModelText{Protocol: "codex", Kind: "context", Text: "careful", Placement: PlaceBeforeOutput, Delivery: "now",
		Hooks: []string{out.Hooks[0].Command}}, got[0])
	assert.Equal(t, format.ModelText{Protocol: "codex", Kind: "tool_result", Text: "Command blocked by PreToolUse hook: no rm. Command: rm -rf /",
		Placement: PlaceOutput, Delivery: "now", Hooks: []string{out.Hooks[1].Command}}, got[1])

	// A native hook's block is not Codex's text.
	eng = modelEngine(t, settings.Hook{Event: settings.PreTool, Command: "exit 0"},
		settings.Hook{Event: settings.PreTool, Protocol: settings.ProtocolNative, Command: `echo '{"decision":"block","reason":"native says no"}'`})
	out, err = eng.Fire(ctx, call)
	require.NoError(t, err)
	require.True(t, out.Decision.Blocks())
	assert.Empty(t, modelView(out))

	post := call
	post.Name, post.Result = settings.PostTool, json.RawMessage(`"secret output"`)
	eng = modelEngine(t, settings.Hook{Event: settings.PostTool, Command: `echo '{"decision":"block","reason":"output withheld"}'`})
	out, err = eng.Fire(ctx, post)
	require.NoError(t, err)
	assert.Equal(t, []format.ModelText{{Protocol: "codex", Kind: "feedback", Text: "output withheld", Placement: PlaceOutput, Delivery: "now",
		Hooks: []string{out.Hooks[0].Command}}}, modelView(out))

	stop := runner.Event{Name: settings.Stop, SessionID: "s"}
	eng = modelEngine(t, settings.Hook{Event: settings.Stop, Command: "echo 'run the tests' >&2; exit 2"})
	out, err = eng.Fire(ctx, stop)
	require.NoError(t, err)
	assert.Equal(t, []format.ModelText{{Protocol: "codex", Kind: "prompt", Text: `<hook_prompt hook_run_id="stop:0:/h/hooks.json">run the tests</hook_prompt>`,
		Placement: PlaceNextRequest, Delivery: "now", Hooks: []string{out.Hooks[0].Command}}}, modelView(out))
}

// TestCodexPostToolUseIsAwaited: a Codex PostToolUse block replaces the
// tool's output before the model sees it, so Session.PostTool runs the
// hook and returns its feedback (it is not queued until after the model
// has the result); the hooks of events whose replies Codex never applies
// may be queued.
func TestCodexPostToolUseIsAwaited(t *testing.T) {
	eng := modelEngine(t, settings.Hook{Event: settings.PostTool, Command: `echo '{"decision":"block","reason":"output withheld"}'`})
	s := &runner.Session{Engine: eng, ID: "s"}
	r, err := s.PostTool(context.Background(), runner.ToolCall{Tool: "shell", Args: json.RawMessage(`{"command":"cat .env"}`), ID: "c1"}, json.RawMessage(`"SECRET=1"`))
	require.NoError(t, err)
	assert.True(t, r.Blocked, "the block is in PostTool's result")
	assert.Equal(t, "output withheld", r.Reason)
	p := NewProtocol(nil)
	for _, e := range []settings.Event{settings.PreTool, settings.PermissionRequest, settings.PostTool, settings.PostToolFailure, settings.PromptSubmit,
		settings.SessionStart, settings.SubagentStart, settings.Stop, settings.SubagentStop} {
		assert.True(t, p.Awaits(e), "%s is awaited", e)
	}
	for _, e := range []settings.Event{settings.SessionEnd, settings.PreCompact, settings.PostCompact, settings.Interrupt, settings.BeforeModel, settings.AfterModel} {
		assert.False(t, p.Awaits(e), "%s may be queued", e)
	}
}

// TestCodexRenderSkippedHook: a Codex hook the engine skipped (a native
// hook's group blocked first) did not run: it has no status, instead of
// "Failed".
func TestCodexRenderSkippedHook(t *testing.T) {
	eng := modelEngine(t,
		settings.Hook{Event: settings.PreTool, Protocol: settings.ProtocolNative, Command: `echo '{"decision":"block","reason":"no"}'`},
		settings.Hook{Event: settings.PreTool, Command: "exit 0"})
	out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)})
	require.NoError(t, err)
	require.Equal(t, runner.OutcomeSkipped, out.Hooks[1].Reply.Outcome, "the Codex group never ran")
	assert.Empty(t, NewProtocol(nil).Render(out).Statuses)
}
