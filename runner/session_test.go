//go:build unix

package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

func sessionEngine(t *testing.T, hooks ...settings.Hook) (*Session, string) {
	t.Helper()
	dir := t.TempDir()
	e, err := New(&settings.Config{Hooks: hooks}, Options{Workspace: dir})
	require.NoError(t, err)
	return &Session{Engine: e, ID: "s-1"}, dir
}

// HK-51: session_start output (plain stdout or additional_context) is
// added to the session's next real prompt, with prompt_submit's output.
func TestSessionHK51StartContextGoesToNextPrompt(t *testing.T) {
	s, _ := sessionEngine(t,
		settings.Hook{Event: settings.SessionStart, Command: "echo 'branch: main'"},
		settings.Hook{Event: settings.PromptSubmit, Command: `echo '{"additional_context":"ups note"}'`},
	)
	ctx := context.Background()
	_, err := s.Start(ctx, "startup")
	require.NoError(t, err)
	r, err := s.Prompt(ctx, "p1", "hello")
	require.NoError(t, err)
	assert.False(t, r.Blocked)
	assert.Equal(t, "branch: main\n\nups note", r.Context)
	r, err = s.Prompt(ctx, "p2", "again")
	require.NoError(t, err)
	assert.Equal(t, "ups note", r.Context, "session_start output goes to the next prompt only")
}

// HK-24: a blocked prompt is neither recorded nor sent; the session_start
// output waits for the next prompt.
func TestSessionHK24BlockedPromptKeepsStartContext(t *testing.T) {
	s, _ := sessionEngine(t,
		settings.Hook{Event: settings.SessionStart, Command: "echo start-ctx"},
		settings.Hook{Event: settings.PromptSubmit, Command: `case "$(cat)" in *secret*) echo 'no secrets' >&2; exit 2;; esac`},
	)
	ctx := context.Background()
	_, err := s.Start(ctx, "startup")
	require.NoError(t, err)
	r, err := s.Prompt(ctx, "p1", "my secret is 42")
	require.NoError(t, err)
	assert.True(t, r.Blocked)
	assert.Equal(t, "no secrets", r.Reason)
	r, err = s.Prompt(ctx, "p2", "fine")
	require.NoError(t, err)
	assert.Equal(t, "start-ctx", r.Context)
	assert.Equal(t, 4, ExitPromptBlocked)
}

// HK-51: stop hooks continue the turn at most 5 times per prompt, and see
// stop_hook_active after the first continuation.
func TestSessionHK51StopContinuationCap(t *testing.T) {
	s, dir := sessionEngine(t, settings.Hook{Event: settings.Stop,
		Command: `grep -o '"stop_hook_active":[a-z]*' >> active.log; echo 'run the tests' >&2; exit 2`})
	ctx := context.Background()
	_, err := s.Prompt(ctx, "p1", "work")
	require.NoError(t, err)
	for i := 0; i < DefaultMaxStopContinuations; i++ {
		r, err := s.Stop(ctx, "done")
		require.NoError(t, err)
		require.True(t, r.Continue, "continuation %d", i+1)
		assert.Equal(t, "run the tests", r.Prompt)
	}
	r, err := s.Stop(ctx, "done")
	require.NoError(t, err)
	assert.False(t, r.Continue)
	assert.True(t, r.Capped, "the sixth continuation of one prompt is refused")

	data, err := os.ReadFile(filepath.Join(dir, "active.log"))
	require.NoError(t, err)
	lines := strings.Fields(string(data))
	require.Len(t, lines, 6)
	assert.Equal(t, `"stop_hook_active":false`, lines[0])
	assert.Equal(t, `"stop_hook_active":true`, lines[1])

	_, err = s.Prompt(ctx, "p2", "more")
	require.NoError(t, err)
	r, err = s.Stop(ctx, "done")
	require.NoError(t, err)
	assert.True(t, r.Continue, "a new prompt resets the count")
}

// HK-51: {"continue": true, "reason": …} continues; continue:false ends.
func TestSessionHK51StopContinueJSON(t *testing.T) {
	s, _ := sessionEngine(t, settings.Hook{Event: settings.Stop, Command: `echo '{"continue":true,"reason":"also update the docs"}'`})
	r, err := s.Stop(context.Background(), "done")
	require.NoError(t, err)
	assert.True(t, r.Continue)
	assert.Equal(t, "also update the docs", r.Prompt)

	s, _ = sessionEngine(t, settings.Hook{Event: settings.Stop, Command: `echo '{"continue":false,"reason":"stop now"}'`})
	r, err = s.Stop(context.Background(), "done")
	require.NoError(t, err)
	assert.False(t, r.Continue)
}

// HK-23: the model gets {"error":"blocked by pre_tool hook: <reason>"}.
func TestToolErrorHK23(t *testing.T) {
	assert.JSONEq(t, `{"error":"blocked by pre_tool hook: rm is not allowed"}`, string(ToolError("rm is not allowed")))
}

// HK-66: the engine remembers each hook's last five failures.
func TestEngineHK66LastFiveFailures(t *testing.T) {
	s, _ := sessionEngine(t,
		settings.Hook{Event: settings.PreTool, Command: "echo boom >&2; exit 3"},
		settings.Hook{Event: settings.PreTool, Command: "exit 0"},
	)
	for i := 0; i < 7; i++ {
		_, err := s.Engine.Fire(context.Background(), Event{Name: settings.PreTool, Tool: "shell"})
		require.NoError(t, err)
	}
	hooks := s.Engine.Hooks()
	f := s.Engine.Failures(&hooks[0])
	require.Len(t, f, MaxFailures)
	assert.Equal(t, OutcomeError, f[0].Outcome)
	require.NotNil(t, f[0].ExitCode)
	assert.Equal(t, 3, *f[0].ExitCode)
	assert.Contains(t, f[0].Error, "boom")
	assert.Empty(t, s.Engine.Failures(&hooks[1]), "a hook that never failed has no failures")
}

// A hook's continue:false halts the agent on pre_tool and prompt_submit
// too: the results carry Stop and StopReason, and a prompt that nothing
// blocked but a hook stopped is not sent (it keeps the session_start
// output, as a blocked one).
func TestSessionHaltOnPreToolAndPrompt(t *testing.T) {
	halt := `echo '{"continue":false,"stop_reason":"enough for today"}'`
	s, _ := sessionEngine(t,
		settings.Hook{Event: settings.SessionStart, Command: "echo start-ctx"},
		settings.Hook{Event: settings.PreTool, Command: halt},
		settings.Hook{Event: settings.PromptSubmit, Command: halt},
	)
	ctx := context.Background()
	_, err := s.Start(ctx, "startup")
	require.NoError(t, err)
	pr, err := s.Prompt(ctx, "p1", "hello")
	require.NoError(t, err)
	assert.False(t, pr.Blocked)
	assert.True(t, pr.Stop, "continue:false stops the prompt")
	assert.Equal(t, "enough for today", pr.StopReason)
	assert.Empty(t, pr.Context, "a stopped prompt takes no context")

	tr, err := s.PreTool(ctx, ToolCall{ID: "t1", Tool: "shell", Args: []byte(`{"command":"ls"}`)})
	require.NoError(t, err)
	assert.Equal(t, DecisionNone, tr.Decision)
	assert.True(t, tr.Stop, "continue:false is no allow: the loop ends after the call")
	assert.Equal(t, "enough for today", tr.StopReason)

	s2, _ := sessionEngine(t, settings.Hook{Event: settings.PreTool, Command: `echo '{"decision":"allow"}'`})
	tr, err = s2.PreTool(ctx, ToolCall{ID: "t1", Tool: "shell", Args: []byte(`{}`)})
	require.NoError(t, err)
	assert.False(t, tr.Stop)
	assert.Empty(t, tr.StopReason)
}
