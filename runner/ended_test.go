package runner

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// endedNative is the native protocol with a parallel schedule that runs
// identical commands once and detaches async hooks, for the tests of
// HookReply.Ended on every path of a group.
type endedNative struct{ native }

func (endedNative) Name() string { return "test-ended" }
func (endedNative) Schedule(*Event) Schedule {
	return Schedule{Parallel: true, DedupKey: func(h *settings.Hook) string { return h.Command }}
}
func (endedNative) Detached(h *settings.Hook, _ *Event) bool { return h.Async }

func init() { settings.RegisterProtocol("test-ended") }

// endedOf returns the Ended of each trace's reply (the reply Combine
// got), by command and outcome.
func endedOf(out *Outcome) map[string]time.Duration {
	m := map[string]time.Duration{}
	for _, t := range out.Hooks {
		m[t.Command+"/"+string(t.Outcome)] = t.Reply.Ended
	}
	return m
}

// TestHookReplyEnded: every hook that ran has Ended, the time since its
// group started when its run ended — a success, a failure, a hook that
// could not run, a cancelled one; hooks that did not run (deduplicated,
// detached, skipped) have none. A hook that sleeps ends no earlier than
// its sleep, and none after the fire returned.
func TestHookReplyEnded(t *testing.T) {
	t.Run("parallel group", func(t *testing.T) {
		hooks := []settings.Hook{
			{Event: settings.PostTool, Protocol: "test-ended", Command: "sleep 0.3; echo slow"},
			{Event: settings.PostTool, Protocol: "test-ended", Command: "true"},
			{Event: settings.PostTool, Protocol: "test-ended", Command: "exit 1"},
			{Event: settings.PostTool, Protocol: "test-ended", Command: "true"},
			{Event: settings.PostTool, Protocol: "test-ended", Command: "echo bg", Async: true},
			{Event: settings.PostTool, Protocol: "test-ended", Type: settings.TypePrompt, Prompt: "ok?"},
		}
		e := newEngineConfig(t, &settings.Config{Hooks: hooks}, Options{Protocols: []Protocol{endedNative{}}})
		began := time.Now()
		out := fire(t, e, Event{Name: settings.PostTool, Tool: "shell", Args: []byte(`{}`)})
		took := time.Since(began)
		ended := endedOf(out)
		require.Len(t, ended, 6, "one trace per hook: %v", ended)
		for _, k := range []string{"sleep 0.3; echo slow/success", "true/success", "exit 1/error", "prompt: ok?/not_runnable"} {
			assert.Positive(t, ended[k], k)
			assert.LessOrEqual(t, ended[k], took, k)
		}
		assert.GreaterOrEqual(t, ended["sleep 0.3; echo slow/success"], 300*time.Millisecond, "it slept 0.3 s")
		assert.Zero(t, ended["true/deduplicated"])
		assert.Zero(t, ended["echo bg/detached"])
	})
	t.Run("serial group", func(t *testing.T) {
		e := newEngine(t, `
[[hooks.pre_tool]]
command = "sleep 0.1"
[[hooks.pre_tool]]
command = "echo '{\"decision\":\"block\",\"reason\":\"no\"}'"
[[hooks.pre_tool]]
command = "true"
`, Options{})
		out := fire(t, e, preTool("shell", `{}`))
		require.Len(t, out.Hooks, 3)
		assert.Equal(t, []OutcomeKind{OutcomeSuccess, OutcomeBlocking, OutcomeSkipped}, outcomes(out))
		assert.GreaterOrEqual(t, out.Hooks[0].Reply.Ended, 100*time.Millisecond)
		assert.Greater(t, out.Hooks[1].Reply.Ended, out.Hooks[0].Reply.Ended, "one after another")
		assert.Zero(t, out.Hooks[2].Reply.Ended, "skipped")
	})
	t.Run("cancelled", func(t *testing.T) {
		hooks := []settings.Hook{{Event: settings.PostTool, Protocol: "test-ended", Command: "sleep 5"}}
		e := newEngineConfig(t, &settings.Config{Hooks: hooks}, Options{Protocols: []Protocol{endedNative{}}})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		out, err := e.Fire(ctx, Event{Name: settings.PostTool, Tool: "shell", Args: []byte(`{}`)})
		require.Error(t, err)
		require.Len(t, out.Hooks, 1)
		assert.Equal(t, OutcomeCancelled, out.Hooks[0].Outcome)
		assert.GreaterOrEqual(t, out.Hooks[0].Reply.Ended, 200*time.Millisecond, "it ended when the context did")
	})
}
