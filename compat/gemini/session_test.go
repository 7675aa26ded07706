package gemini_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// session is an engine over one Gemini settings file and a session on
// it.
func session(t *testing.T, content string) *runner.Session {
	t.Helper()
	e := env(t)
	path := write(t, filepath.Join(e.Project, ".gemini", "settings.json"), content)
	_, eng := geminitest.Engine(t, e, format.Source{Format: gemini.Name, Path: path})
	return &runner.Session{Engine: eng, ID: "s1"}
}

// TestGeminiAfterToolIsAwaited: Gemini CLI waits for its AfterTool hooks
// and a block replaces the tool's result before the model gets it, so
// Session.PostTool fires them now (runner.Awaiter) and says Blocked with
// the reason — it does not queue them to run after the model has the
// result. PreCompress and Notification, whose output Gemini ignores, may
// be queued.
func TestGeminiAfterToolIsAwaited(t *testing.T) {
	s := session(t, `{"hooks": {"AfterTool": [{"hooks": [`+geminitest.Reply(`{"decision":"deny","reason":"secret in output"}`)+`]}],
  "Notification": [{"hooks": [{"type": "command", "command": "cat >/dev/null"}]}]}}`)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := s.PostTool(ctx, runner.ToolCall{ID: "c1", Tool: "shell", Args: []byte(`{"command":"cat .env"}`)}, []byte(`{"llmContent":"KEY=1","returnDisplay":"KEY=1"}`))
	require.NoError(t, err)
	assert.False(t, r.Queued, "not queued")
	assert.True(t, r.Blocked, "the block is in the result")
	assert.Equal(t, "secret in output", r.Reason)
	require.NotNil(t, r.Outcome)
	require.Len(t, r.Outcome.Hooks, 1, "the hook ran before PostTool returned")

	n, err := s.Notify(ctx, "ToolPermission", "waiting")
	require.NoError(t, err)
	assert.True(t, n.Queued, "Notification's output is unused: its hooks are queued")

	p := gemini.NewProtocol(nil)
	for e, want := range map[settings.Event]bool{
		settings.PreTool: true, settings.PostTool: true, settings.PostToolFailure: true, settings.Stop: true, settings.SessionStart: true,
		settings.SessionEnd: true, settings.PreCompact: false, settings.Notification: false,
	} {
		assert.Equal(t, want, p.Awaits(e), "%s", e)
	}
}
