package runner

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/hookcompat/hookcompat/settings"
)

// Background queue defaults (HK-31, HK-33).
const (
	// DefaultQueueSize is how many background events wait at most (HK-31).
	DefaultQueueSize = 256
	// DefaultDrainTimeout is how long Close lets queued hooks finish
	// before the running ones are killed (HK-33).
	DefaultDrainTimeout = 5 * time.Second
)

// ErrClosed is returned by [Engine.Enqueue] and [Engine.Fire] after
// [Engine.Close].
var ErrClosed = errors.New("engine closed")

// ErrDropped is returned by [Engine.Enqueue] when the queue is full and
// the event was dropped (HK-31).
var ErrDropped = errors.New("background queue full: event dropped")

// queue is the engine's ordered background queue (HK-30…HK-33). One
// worker goroutine, started on first use, owns the running of events; it
// runs them one at a time in the order they were queued.
type queue struct {
	ch      chan queued
	startMu sync.Once
	done    chan struct{} // closed when the worker exits

	mu       sync.Mutex // guards the following
	closed   bool
	warned   bool // the "falling behind" warning was given
	dropped  int
	inflight int // queued or running
}

// Enqueue puts ev on the engine's background queue and returns at once:
// post_tool hooks and the background events of HK-52 never delay the
// agent (HK-30). The event is copied when it is queued, so a later change
// to the caller's data cannot change what the hooks receive. A single
// worker, started on first use, fires queued events one after another in
// order (HK-31); a panic while firing one event is contained and logged,
// and later events still run (HK-32). When the queue holds
// Options.QueueSize events (256 by default), ev is dropped: the first drop
// gives one "falling behind" warning through Options.Warn, and every drop
// is logged (HK-31); Enqueue then returns [ErrDropped]. After Close it
// returns [ErrClosed]; for an event name that is not known, a
// [*settings.UnknownEventError]. Outcomes of background events go to
// Options.OnBackground.
func (e *Engine) Enqueue(ev Event) error {
	return e.enqueue(ev, partAll)
}

// queued is one background event and which of its hooks run.
type queued struct {
	ev    Event
	which part
}

func (e *Engine) enqueue(ev Event, which part) error {
	if !ev.Name.Known() {
		return &settings.UnknownEventError{Event: ev.Name}
	}
	q := &e.queue
	q.startMu.Do(func() {
		q.ch = make(chan queued, e.queueSize())
		q.done = make(chan struct{})
		go e.work()
	})
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	select {
	case q.ch <- queued{ev.Clone(), which}:
		q.inflight++
		return nil
	default:
	}
	q.dropped++
	e.logger().Warn("background queue full: event dropped", slog.String("event", string(ev.Name)), slog.Int("dropped", q.dropped))
	if !q.warned {
		q.warned = true
		e.warn(fmt.Sprintf("hooks are falling behind: background queue of %d events is full; events are being dropped", cap(q.ch)))
	}
	return ErrDropped
}

// work is the queue's single worker: it owns running background events.
func (e *Engine) work() {
	q := &e.queue
	defer close(q.done)
	for x := range q.ch {
		e.fireBackground(x.ev, x.which)
		q.mu.Lock()
		q.inflight--
		q.mu.Unlock()
	}
}

// fireBackground fires one queued event, containing a panic (HK-32).
func (e *Engine) fireBackground(ev Event, which part) {
	defer func() {
		if p := recover(); p != nil {
			e.logger().Error("background event panicked", slog.String("event", string(ev.Name)), slog.Any("panic", p))
		}
	}()
	out, err := e.fire(e.bgCtx, ev, which)
	if err != nil {
		e.logger().Warn("background event not fired", slog.String("event", string(ev.Name)), slog.String("error", err.Error()))
	}
	if out != nil && e.opts.OnBackground != nil {
		e.opts.OnBackground(out)
	}
}

// Close stops the engine: no event is accepted any more; queued
// background events get Options.DrainTimeout (5 s by default) to finish,
// then the hooks still running are killed (their process groups get
// SIGTERM, then SIGKILL) and Close returns once nothing of them is left
// (HK-33). Detached hooks (a Phi async hook) are handled the same way.
// ctx bounds the whole wait. Close is idempotent.
func (e *Engine) Close(ctx context.Context) error {
	q := &e.queue
	q.startMu.Do(func() { q.done = make(chan struct{}); close(q.done) }) // never started
	q.mu.Lock()
	already := q.closed
	if !already {
		q.closed = true
		if q.ch != nil {
			close(q.ch)
		}
	}
	q.mu.Unlock()
	drained := make(chan struct{})
	go func() {
		<-q.done
		e.detached.Wait()
		close(drained)
	}()
	timer := time.NewTimer(e.drainTimeout())
	defer timer.Stop()
	select {
	case <-drained:
		return nil
	case <-timer.C:
	case <-ctx.Done():
	}
	e.bgCancel() // kill what still runs
	select {
	case <-drained:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (e *Engine) queueSize() int {
	if e.opts.QueueSize > 0 {
		return e.opts.QueueSize
	}
	return DefaultQueueSize
}

func (e *Engine) drainTimeout() time.Duration {
	if e.opts.DrainTimeout > 0 {
		return e.opts.DrainTimeout
	}
	return DefaultDrainTimeout
}

func (e *Engine) logger() *slog.Logger {
	if e.opts.Logger != nil {
		return e.opts.Logger
	}
	return slog.New(discardHandler{})
}

func (e *Engine) warn(msg string) {
	if e.opts.Warn != nil {
		safeCall("Options.Warn", func() { e.opts.Warn(msg) }, func(m string) { e.logger().Error(m) })
	}
}

// logWarn writes msg to the audit log at level warn.
func (e *Engine) logWarn(msg string) { e.logger().Warn(msg) }

// discardHandler drops every record.
type discardHandler struct{}

func (discardHandler) Enabled(context.Context, slog.Level) bool  { return false }
func (discardHandler) Handle(context.Context, slog.Record) error { return nil }
func (d discardHandler) WithAttrs([]slog.Attr) slog.Handler      { return d }
func (d discardHandler) WithGroup(string) slog.Handler           { return d }
