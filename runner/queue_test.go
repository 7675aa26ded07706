package runner

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// queueJudge runs prompt hooks in-process, so that queue tests run inside a
// synctest bubble with fake time: it records the order of the events it
// sees and can block or panic on an event's prompt text.
type queueJudge struct {
	mu      sync.Mutex
	seen    []string
	results []string
	block   map[string]chan struct{}
	panicOn string
}

func (j *queueJudge) Judge(ctx context.Context, req *JudgeRequest) (Verdict, error) {
	ev := req.Event
	j.mu.Lock()
	j.seen = append(j.seen, ev.Prompt)
	j.results = append(j.results, string(ev.Result))
	ch := j.block[ev.Prompt]
	j.mu.Unlock()
	if ev.Prompt == j.panicOn {
		panic("judge exploded")
	}
	if ch != nil {
		select {
		case <-ch:
		case <-ctx.Done():
			return Verdict{}, ctx.Err()
		}
	}
	return Verdict{Context: ev.Prompt}, nil
}

func (j *queueJudge) order() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.seen...)
}

func queueEngine(t *testing.T, j *queueJudge, opts Options) *Engine {
	t.Helper()
	cfg := &settings.Config{Hooks: []settings.Hook{{Event: settings.PostTool, Type: settings.TypePrompt, Prompt: "judge", Timeout: time.Hour}}}
	opts.Judge = j
	opts.Workspace = t.TempDir()
	e, err := New(cfg, opts)
	require.NoError(t, err)
	return e
}

func postTool(prompt string) Event {
	return Event{Name: settings.PostTool, Tool: "shell", Prompt: prompt}
}

// HK-30, HK-31: background events run on one worker, in order, and their
// outcomes are reported.
func TestQueueHK30OrderedWorker(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &queueJudge{}
		var mu sync.Mutex
		var outs []string
		e := queueEngine(t, j, Options{OnBackground: func(o *Outcome) {
			mu.Lock()
			outs = append(outs, o.AdditionalContext)
			mu.Unlock()
		}})
		for _, p := range []string{"a", "b", "c"} {
			require.NoError(t, e.Enqueue(postTool(p)))
		}
		require.NoError(t, e.Close(context.Background()))
		assert.Equal(t, []string{"a", "b", "c"}, j.order())
		assert.Equal(t, []string{"a", "b", "c"}, outs)
	})
}

// HK-30: the event is copied when queued; changing the caller's data
// afterwards does not change what the hook sees.
func TestQueueHK30EventCopiedWhenQueued(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &queueJudge{block: map[string]chan struct{}{"first": make(chan struct{})}}
		e := queueEngine(t, j, Options{})
		require.NoError(t, e.Enqueue(postTool("first")))
		synctest.Wait()
		ev := postTool("second")
		ev.Result = json.RawMessage(`{"n":1}`)
		require.NoError(t, e.Enqueue(ev))
		ev.Result[5] = '9' // the caller reuses its buffer
		close(j.block["first"])
		require.NoError(t, e.Close(context.Background()))
		assert.Equal(t, []string{"first", "second"}, j.order())
		assert.Equal(t, `{"n":1}`, j.results[1], "the hook sees the event as it was when queued")
	})
}

// HK-31: a full queue drops events with one "falling behind" warning and a
// log entry per drop.
func TestQueueHK31DropsWhenFull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &queueJudge{block: map[string]chan struct{}{"running": make(chan struct{})}}
		var warnings []string
		e := queueEngine(t, j, Options{QueueSize: 2, Warn: func(m string) { warnings = append(warnings, m) }})
		require.NoError(t, e.Enqueue(postTool("running")))
		synctest.Wait() // the worker holds "running"
		require.NoError(t, e.Enqueue(postTool("q1")))
		require.NoError(t, e.Enqueue(postTool("q2")))
		assert.ErrorIs(t, e.Enqueue(postTool("lost1")), ErrDropped)
		assert.ErrorIs(t, e.Enqueue(postTool("lost2")), ErrDropped)
		assert.Len(t, warnings, 1, "one warning, not one per drop")
		assert.Contains(t, warnings[0], "falling behind")
		close(j.block["running"])
		require.NoError(t, e.Close(context.Background()))
		assert.Equal(t, []string{"running", "q1", "q2"}, j.order())
		assert.Equal(t, 2, e.queue.dropped)
	})
}

// HK-32: a panic while firing one event is contained; later events run.
func TestQueueHK32PanicContained(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &queueJudge{panicOn: "boom"}
		e := queueEngine(t, j, Options{})
		require.NoError(t, e.Enqueue(postTool("boom")))
		require.NoError(t, e.Enqueue(postTool("after")))
		require.NoError(t, e.Close(context.Background()))
		assert.Equal(t, []string{"boom", "after"}, j.order())
	})
}

// HK-33: on close, queued hooks get 5 s to finish, then running ones are
// killed; nothing is accepted after close.
func TestQueueHK33CloseDrainsThenKills(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &queueJudge{block: map[string]chan struct{}{"stuck": make(chan struct{})}}
		e := queueEngine(t, j, Options{})
		require.NoError(t, e.Enqueue(postTool("stuck")))
		require.NoError(t, e.Enqueue(postTool("never")))
		start := time.Now()
		require.NoError(t, e.Close(context.Background()))
		assert.Equal(t, DefaultDrainTimeout, time.Since(start), "the drain waits exactly the drain timeout (fake clock)")
		assert.Contains(t, j.order(), "stuck")
		assert.ErrorIs(t, e.Enqueue(postTool("late")), ErrClosed)
		_, err := e.Fire(context.Background(), postTool("late"))
		assert.True(t, errors.Is(err, ErrClosed))
		require.NoError(t, e.Close(context.Background()), "Close is idempotent")
	})
}

// HK-33: a close whose queue drains in time returns as soon as it is empty.
func TestQueueHK33CloseReturnsWhenDrained(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := queueEngine(t, &queueJudge{}, Options{})
		require.NoError(t, e.Enqueue(postTool("quick")))
		start := time.Now()
		require.NoError(t, e.Close(context.Background()))
		assert.Less(t, time.Since(start), time.Second)
	})
}
