package qwen_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestQwenPostToolUseIsAwaited: Qwen Code waits for its PostToolUse
// hooks, and a continue:false replaces the tool's result with the reason
// before the model gets it, so Session.PostTool fires them now
// (runner.Awaiter) and its Result is the replacement — it does not queue
// them to run after the model has the result. Events whose output Qwen
// ignores (SessionEnd, Notification, PreCompact, the detached ones) may
// be queued.
func TestQwenPostToolUseIsAwaited(t *testing.T) {
	e := env(t)
	path := filepath.Join(e.Project, ".qwen", "settings.json")
	write(t, path, `{"hooks": {"PostToolUse": [{"hooks": [`+geminitest.Reply(`{"continue":false,"stopReason":"output withheld"}`)+`]}]}}`)
	_, eng := geminitest.Engine(t, e, format.Source{Format: qwen.Name, Path: path})
	s := &runner.Session{Engine: eng, ID: "s1"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := s.PostTool(ctx, runner.ToolCall{ID: "c1", Tool: "shell", Args: []byte(`{"command":"cat .env"}`)}, []byte(`{"llmContent":"KEY=1","returnDisplay":"KEY=1"}`))
	require.NoError(t, err)
	assert.False(t, r.Queued, "not queued")
	assert.JSONEq(t, `"output withheld"`, string(r.Result), "the model gets the reason instead of the result")

	p := qwen.NewProtocol(nil)
	for ev, want := range map[settings.Event]bool{
		settings.PreTool: true, settings.PostTool: true, settings.PostToolFailure: true, settings.PostToolBatch: true, settings.Stop: true,
		settings.SubagentStart: true, settings.SubagentStop: true, settings.PermissionRequest: true, settings.TodoCreated: true,
		settings.SessionEnd: false, settings.Notification: false, settings.PreCompact: false, settings.PostCompact: false,
		settings.MessageDisplay: false, settings.StopFailure: false, settings.SessionDelete: false, settings.PermissionDenied: false,
	} {
		assert.Equal(t, want, p.Awaits(ev), "%s", ev)
	}
}
