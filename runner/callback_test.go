package runner

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// fireBounded fires ev and fails the test when Fire does not return
// within bound (a hang would otherwise hold the whole test binary).
func fireBounded(t *testing.T, ctx context.Context, e *Engine, ev Event, bound time.Duration) (*Outcome, error) {
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
		return r.out, r.err
	case <-time.After(bound):
		t.Fatalf("Fire did not return within %s", bound)
		return nil, nil
	}
}

// callbackHooks are a judged and an mcp_tool pre_tool hook, each with
// timeout and fail_closed as given.
func callbackHook(typ string, timeout time.Duration, failClosed bool) *settings.Config {
	h := settings.Hook{Event: settings.PreTool, Type: typ, Timeout: timeout, FailClosed: failClosed}
	switch typ {
	case settings.TypeMCPTool:
		h.MCPServer, h.MCPTool = "guard", "check"
	default:
		h.Prompt = "is it safe?"
	}
	return &settings.Config{Hooks: []settings.Hook{h}}
}

// A Judge or MCPCaller that panics has failed: the process lives, the
// hook's trace names the panic and where it happened, and a fail_closed
// hook blocks; one that is not fail_closed does not decide.
func TestCallbackPanicFailsTheHook(t *testing.T) {
	judge := JudgeFunc(func(context.Context, *JudgeRequest) (Verdict, error) { panic("judge exploded") })
	mcp := MCPCallerFunc(func(context.Context, *MCPCall) (MCPResult, error) {
		var s []int
		i := 3
		return MCPResult{Text: strings.Repeat("x", s[i])}, nil // a runtime panic (index out of range)
	})
	for _, typ := range []string{settings.TypePrompt, settings.TypeAgent, settings.TypeMCPTool} {
		for _, failClosed := range []bool{false, true} {
			e := newEngineConfig(t, callbackHook(typ, 5*time.Second, failClosed), Options{Judge: judge, MCP: mcp})
			out, err := fireBounded(t, context.Background(), e, preTool("shell", `{}`), 10*time.Second)
			require.NoError(t, err, typ)
			tr := out.Hooks[0]
			assert.Contains(t, tr.Error, "panicked", "%s: the panic is in the trace", typ)
			assert.Contains(t, tr.Error, "runner.TestCallbackPanicFailsTheHook.func", "%s: where it panicked", typ)
			if failClosed {
				assert.Equal(t, DecisionBlock, out.Decision, "%s fail_closed", typ)
				assert.Contains(t, out.Reason, "panicked", typ)
			} else {
				assert.Equal(t, OutcomeError, tr.Outcome, typ)
				assert.Equal(t, DecisionNone, out.Decision, typ)
			}
		}
	}
}

// A Judge or MCPCaller that ignores its context is abandoned at the
// hook's timeout (the hook timed out; fail_closed blocks) and at the
// caller's deadline (cancelled), and Fire returns then, not when the
// callback does.
func TestCallbackIgnoringItsContextIsAbandoned(t *testing.T) {
	release := make(chan struct{})
	var returned atomic.Int32
	t.Cleanup(func() { close(release) })
	judge := JudgeFunc(func(context.Context, *JudgeRequest) (Verdict, error) {
		<-release
		returned.Add(1)
		return Verdict{}, nil
	})
	mcp := MCPCallerFunc(func(context.Context, *MCPCall) (MCPResult, error) {
		<-release
		returned.Add(1)
		return MCPResult{}, nil
	})
	for _, typ := range []string{settings.TypePrompt, settings.TypeMCPTool} {
		t.Run(typ+" at the hook's timeout", func(t *testing.T) {
			for _, failClosed := range []bool{false, true} {
				e := newEngineConfig(t, callbackHook(typ, 200*time.Millisecond, failClosed), Options{Judge: judge, MCP: mcp})
				out, err := fireBounded(t, context.Background(), e, preTool("shell", `{}`), 10*time.Second)
				require.NoError(t, err)
				if failClosed {
					assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
					assert.Equal(t, DecisionBlock, out.Decision)
				} else {
					assert.Equal(t, OutcomeTimeout, out.Hooks[0].Outcome)
					assert.Equal(t, DecisionNone, out.Decision)
				}
			}
		})
		t.Run(typ+" at the caller's deadline", func(t *testing.T) {
			e := newEngineConfig(t, callbackHook(typ, time.Hour, true), Options{Judge: judge, MCP: mcp})
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			out, err := fireBounded(t, ctx, e, preTool("shell", `{}`), 10*time.Second)
			require.ErrorIs(t, err, context.DeadlineExceeded)
			assert.Equal(t, OutcomeCancelled, out.Hooks[0].Outcome)
			assert.Equal(t, DecisionBlock, out.Decision, "a cancelled fail_closed hook blocks")
		})
	}
	assert.Zero(t, returned.Load(), "the callbacks are still blocked: Fire did not wait for them")
}

// panicObserver panics in HookStarted or in the function it returns.
type panicObserver struct{ inStart bool }

func (o panicObserver) HookStarted(context.Context, HookRun) func(HookEnd) {
	if o.inStart {
		panic("observer start exploded")
	}
	return func(HookEnd) { panic("observer end exploded") }
}

// blockObserver blocks in HookStarted (or in its end function) until
// released, counting its calls.
type blockObserver struct {
	inStart bool
	release chan struct{}
	calls   atomic.Int32
}

func (o *blockObserver) HookStarted(context.Context, HookRun) func(HookEnd) {
	o.calls.Add(1)
	if o.inStart {
		<-o.release
		return nil
	}
	return func(HookEnd) { <-o.release }
}

// warnings collects Options.Warn messages.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) add(m string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = append(w.msgs, m)
}

func (w *warnings) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.msgs...)
}

// An Observer that panics neither crashes Fire nor changes the hooks'
// answer; the panic is warned about once per engine.
func TestObserverPanicLeavesTheRunUnobserved(t *testing.T) {
	for _, inStart := range []bool{true, false} {
		var w warnings
		e := newEngine(t, `
[[hooks.pre_tool]]
command = "echo '{\"decision\":\"block\",\"reason\":\"no\"}'"
`, Options{Observer: panicObserver{inStart: inStart}, Warn: w.add})
		for range 3 {
			out, err := fireBounded(t, context.Background(), e, preTool("shell", `{}`), 10*time.Second)
			require.NoError(t, err)
			assert.Equal(t, DecisionBlock, out.Decision, "the hook still answers")
			assert.Equal(t, "no", out.Reason)
		}
		msgs := w.all()
		require.Len(t, msgs, 1, "one warning for the engine: %q", msgs)
		assert.Contains(t, msgs[0], "observer panicked")
	}
}

// An Observer that blocks is abandoned: at the caller's deadline (Fire
// returns by it) or after ObserverTimeout; until it returns it is not
// called again, so later fires are not delayed; the hooks run and answer
// as without it.
func TestObserverThatBlocksIsAbandoned(t *testing.T) {
	hooks := `
[[hooks.pre_tool]]
command = "echo '{\"decision\":\"deny\",\"reason\":\"no\"}'"
`
	t.Run("HookStarted, caller's deadline", func(t *testing.T) {
		obs := &blockObserver{inStart: true, release: make(chan struct{})}
		defer close(obs.release)
		var w warnings
		e := newEngine(t, hooks, Options{Observer: obs, Warn: w.add})
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		out, err := fireBounded(t, ctx, e, preTool("shell", `{}`), ObserverTimeout+slackFor(t))
		// Abandoned at the deadline, not at ObserverTimeout; the hook had
		// no time left to run.
		require.ErrorIs(t, err, context.DeadlineExceeded)
		assert.Equal(t, OutcomeCancelled, out.Hooks[0].Outcome)
		require.Len(t, w.all(), 1)
		assert.Contains(t, w.all()[0], "when the caller's context ended", "the deadline ended the wait, not ObserverTimeout")
	})
	for _, inStart := range []bool{true, false} {
		name := "end function"
		if inStart {
			name = "HookStarted"
		}
		t.Run(name+", no deadline", func(t *testing.T) {
			obs := &blockObserver{inStart: inStart, release: make(chan struct{})}
			var w warnings
			e := newEngine(t, hooks, Options{Observer: obs, Warn: w.add})
			out, err := fireBounded(t, context.Background(), e, preTool("shell", `{}`), ObserverTimeout+slackFor(t))
			require.NoError(t, err)
			assert.Equal(t, DecisionDeny, out.Decision, "the hook ran and answered")
			// Stuck: the next fires do not call it (and are not delayed by it).
			for range 3 {
				out, err = fireBounded(t, context.Background(), e, preTool("shell", `{}`), ObserverTimeout/2)
				require.NoError(t, err)
				assert.Equal(t, DecisionDeny, out.Decision)
			}
			assert.Equal(t, int32(1), obs.calls.Load(), "not called again while a call is stuck")
			require.Len(t, w.all(), 1)
			assert.Contains(t, w.all()[0], "did not return within")
			// Once it returns, it is called again.
			close(obs.release)
			require.Eventually(t, func() bool { return e.obs.stuck.Load() == 0 }, 10*time.Second, time.Millisecond)
			_, err = fireBounded(t, context.Background(), e, preTool("shell", `{}`), 10*time.Second)
			require.NoError(t, err)
			assert.Equal(t, int32(2), obs.calls.Load())
		})
	}
}

// slackFor is what a bound on a return allows for process start and
// scheduling on a loaded machine under -race.
func slackFor(*testing.T) time.Duration { return 3 * time.Second }

// A panic in Options.Warn is logged, not passed to the caller.
func TestWarnPanicIsContained(t *testing.T) {
	e := newEngine(t, "", Options{Warn: func(string) { panic("warn exploded") }})
	assert.NotPanics(t, func() { e.warn("hello") })
}

// The panic's site names the callback's own function, not the runtime's
// or the guard's.
func TestCallbackPanicSite(t *testing.T) {
	_, err := callGuarded(context.Background(), "judge", func(context.Context) (int, error) {
		panic(errors.New("boom"))
	})
	var p *CallbackPanic
	require.ErrorAs(t, err, &p)
	assert.Equal(t, "judge", p.Callback)
	assert.True(t, strings.HasSuffix(p.At, "runner.TestCallbackPanicSite.func1"), p.At)
	assert.Equal(t, "judge panicked: boom (in "+p.At+")", p.Error())
}
