//go:build unix

package runner

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// countingNative is the native protocol counting the runs in flight: a
// run is in flight from Prepare (its payload is built) to Classify (its
// output is read), which is what it costs in memory.
type countingNative struct{ native }

var inFlight, maxInFlight, prepared atomic.Int64

func (countingNative) Name() string { return "test-counting" }

func (c countingNative) Prepare(h *settings.Hook, ev *Event, base *Payload) (*Invocation, error) {
	n := inFlight.Add(1)
	prepared.Add(1)
	for {
		m := maxInFlight.Load()
		if n <= m || maxInFlight.CompareAndSwap(m, n) {
			break
		}
	}
	return c.native.Prepare(h, ev, base)
}

func (c countingNative) Classify(h *settings.Hook, ev *Event, res *RunResult) HookReply {
	defer inFlight.Add(-1)
	return c.native.Classify(h, ev, res)
}

func init() { settings.RegisterProtocol("test-counting") }

// TestMemoryIsBoundedByDesign (issue class 6): hook runs in flight — from
// the payload being built to the output being read — are capped across
// concurrent Fire calls by Options.MaxProcesses, so memory is bounded by
// the cap times what one run holds, however many events arrive at once;
// every hook still runs and decides.
func TestMemoryIsBoundedByDesign(t *testing.T) {
	for _, tc := range []struct {
		name string
		max  int
		want int64
	}{{"MaxProcesses=3", 3, 3}, {"default", 0, DefaultMaxProcesses}} {
		t.Run(tc.name, func(t *testing.T) {
			inFlight.Store(0)
			maxInFlight.Store(0)
			prepared.Store(0)
			hooks := []settings.Hook{
				{Event: settings.PreTool, Protocol: "test-counting", Command: `cat >/dev/null; sleep 0.05; echo '{"decision":"block","reason":"r"}'`},
				{Event: settings.PreTool, Protocol: "test-counting", Command: `cat >/dev/null; sleep 0.05`},
			}
			e := newEngineConfig(t, &settings.Config{Hooks: hooks}, Options{MaxProcesses: tc.max, Protocols: []Protocol{countingNative{}}})
			const fires = 100
			var wg sync.WaitGroup
			var blocked atomic.Int64
			for range fires {
				wg.Add(1)
				go func() {
					defer wg.Done()
					out, err := e.Fire(context.Background(), preTool("shell", `{"command":"x"}`))
					if err == nil && out.Decision == DecisionBlock {
						blocked.Add(1)
					}
				}()
			}
			wg.Wait()
			assert.Equal(t, int64(fires), blocked.Load(), "every event is decided")
			require.Equal(t, int64(fires), prepared.Load(), "the first hook ran for every event (the second is skipped after the block)")
			assert.LessOrEqual(t, maxInFlight.Load(), tc.want, "runs in flight at once")
			assert.Positive(t, maxInFlight.Load())
		})
	}
}

// A Fire waiting for a process slot is cancelled by its context: the
// hook never starts, and a fail_closed one blocks.
func TestMemoryIsBoundedByDesignWaitIsCancellable(t *testing.T) {
	e := newEngineConfig(t, &settings.Config{Hooks: []settings.Hook{
		{Event: settings.PreTool, Command: `sleep 30`, FailClosed: true},
	}}, Options{MaxProcesses: 1})
	ctx1, cancel1 := context.WithCancel(context.Background())
	defer cancel1()
	done := make(chan struct{})
	go func() { _, _ = e.Fire(ctx1, preTool("shell", `{}`)); close(done) }()
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() {
		for inSlots(e) == 0 {
			runtimeGosched()
		}
		cancel2()
	}()
	out, err := e.Fire(ctx2, preTool("shell", `{}`))
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, DecisionBlock, out.Decision)
	assert.Equal(t, OutcomeCancelled, out.Hooks[0].Outcome)
	cancel1()
	<-done
}

func inSlots(e *Engine) int { return len(e.procSlots) }

func runtimeGosched() { runtime.Gosched() }
